import type { Generated } from 'kysely';

/** Tables as kysely sees them; columns in snake_case as stored. */
export interface ContactMessageTable {
  id: Generated<number>;
  created_at: string;
  brand: 'main' | 'homestylz';
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  ip_hash: string | null;
}

export interface UserTable {
  id: string;
  email: string;
  password_hash: string;
  lastname: string;
  firstname: string;
  phone: string;
  address: string;
  /** JSON array of role codes (src/domain/roles.ts). */
  roles: string;
  children_count: number;
  is_archived: number;
  /** 1 once the e-mail address is confirmed. */
  is_active: number;
  /** Bumped when the password changes: tokens carrying an older value are refused. */
  session_version: Generated<number>;
  id_chasseur: string | null;
  created_at: string;
  updated_at: string;
  /** Set when the person deleted the account (issue 16): personal data anonymised. */
  deleted_at: Generated<string | null>;
  /** Bumped by each staff change (edit, archive, assignment): an older one is refused (409). */
  version: Generated<number>;
  /**
   * Names, e-mail and phone as searched (src/domain/search.ts `searchTextOf`) and the folded
   * « nom prénom » the lists sort by: written by users.repo with the fields they come from.
   */
  search_text: Generated<string>;
  sort_name: Generated<string>;
  /** The last sign-in (migration 0025): a contact from the person (src/domain/retention.ts). */
  last_sign_in_at: Generated<string | null>;
}

/** One-time codes sent by e-mail; only their SHA-256 is stored. */
export interface AccountTokenTable {
  token_hash: string;
  user_id: string;
  kind: 'activation' | 'reset';
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** Signed-out tokens, kept until they would have expired. */
export interface RevokedTokenTable {
  jti: string;
  expires_at: number;
}

/** A property an owner described in the questionnaire (spec 3.3). */
export interface OwnerPropertyTable {
  id: Generated<number>;
  contact_id: number;
  property_type: string;
  department: string;
  city: string;
  type_bien: number;
  status: string;
  surface: number;
  room_count: number;
  bedroom_count: number;
  visit_count: number;
  price: number | null;
  with_three_last_assembly: number;
  with_four_last_charges_statements: number;
  with_last_property_tax: number;
  with_maintenance_building: number;
  with_pre_statement: number;
  with_diagnostics: number;
  description: string;
  disponible: number;
  created_at: string;
}

/** The owner who filled the questionnaire (spec 3.4). */
export interface OwnerContactTable {
  id: Generated<number>;
  lastname: string;
  firstname: string;
  email: string;
  phone: string;
  bien_count: number;
  created_at: string;
  /** nouveau → contacte → estimation → mandat | sans_suite (src/domain/staff.ts). */
  lead_status: Generated<string>;
  /** The hunter working the lead. */
  assigned_to: Generated<string | null>;
  version: Generated<number>;
  /** When the lead first left 'nouveau' (the 48-hour promise). */
  contacted_at: Generated<string | null>;
  /** Names, e-mail, phone and the properties' cities as searched (owner-leads.repo). */
  search_text: Generated<string>;
}

/** Answers already given to a public POST, by Idempotency-Key (DESIGN.md, offline model). */
export interface IdempotencyKeyTable {
  key: string;
  scope: string;
  body_hash: string;
  status: number;
  response: string;
  created_at: string;
}

/** A buyer's search project (spec 3.7), lists stored as JSON. */
export interface BuyerProjectTable {
  id: Generated<number>;
  user_id: string;
  partner_code: string | null;
  person_count: number;
  search_goal: string;
  departments: string;
  cities: string;
  type_bien: string;
  type_achat: string;
  surface: number;
  room_count: number;
  bedroom_count: number;
  visit_count: number;
  description: string;
  budget: number;
  apport: number;
  with_bank: number;
  with_courtier: number | null;
  stage: string;
  created_at: string;
  updated_at: string;
  /** Bumped by each staff change: a change made on an older version is refused (409). */
  version: Generated<number>;
  /** The cities as searched, written with them (buyer-projects.repo `projectSearchColumns`). */
  cities_search: Generated<string>;
  /** The stage's place in the order (src/domain/staff.ts `stageRank`), written with the stage. */
  stage_rank: Generated<number>;
  // Copies of the account kept by SQL-only triggers (migration 0014) for the staff lists:
  // never written by code.
  hunter_id: Generated<string | null>;
  client_archived: Generated<number>;
  client_name: Generated<string>;
  search_text: Generated<string>;
}

/** A project's departments as rows, for the department filter's index. */
export interface BuyerProjectDepartmentTable {
  project_id: number;
  department: string;
  /** The project's budget, copied for the rapprochement's index (migration 0024). */
  budget: Generated<number>;
}

/** An owner lead proposed to a buyer (issue 31, « Proposer au client »), once per project. */
export interface MatchProposalTable {
  id: Generated<number>;
  lead_id: number;
  property_id: number;
  project_id: number;
  buyer_id: string;
  proposed_by: string | null;
  proposed_at: string;
  /** The client's answer (0027): 'interesse', 'pas_pour_moi', null until they answer. */
  answer: string | null;
  answered_at: string | null;
}

/** A hunter told of a new owner lead fitting their buyers (issue 31), once per hunter and lead. */
export interface MatchNoticeTable {
  hunter_id: string;
  lead_id: number;
  sent_at: string;
}

/** Each stage move of a project (spec 4.7): who, when, from, to, and the note. */
export interface ProjectStageMoveTable {
  id: Generated<number>;
  project_id: number;
  from_stage: string;
  to_stage: string;
  by_user_id: string | null;
  note: string;
  at: string;
}

export type StaffRecordType = 'buyer' | 'owner' | 'user' | 'order';

/** A note written by staff on a buyer or an owner lead; some are meant for the client. */
export interface StaffNoteTable {
  id: Generated<number>;
  record_type: StaffRecordType;
  record_id: string;
  author_id: string | null;
  text: string;
  visible_to_client: number;
  created_at: string;
}

/** Every staff action: who did what to which record, before → after (JSON), when. */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: string | null;
  action: string;
  record_type: StaffRecordType;
  record_id: string;
  before: string | null;
  after: string | null;
  at: string;
}

/** Attempts counted per key (sign-in, password check, public forms): server/http/throttle.ts. */
export interface ThrottleTable {
  key: string;
  count: number;
  /** Milliseconds since the epoch. */
  window_start: number;
  blocked_until: number;
  /** When the row means nothing any more and may be deleted. */
  expires_at: number;
}

export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** E-mails to deliver, written with the record that causes them (server/mail/mail-queue.ts). */
export interface MailQueueTable {
  id: Generated<number>;
  /** Message-ID header, fixed at enqueue so a retry is the same message. */
  message_id: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  status: MailStatus;
  attempts: number;
  /** Milliseconds since the epoch. */
  next_attempt_at: number;
  /** While 'sending': after this instant a stopped worker's claim may be taken over. */
  lease_until: number | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /**
   * The mails of one group (`stage:42`) are spaced and the newest waiting one replaces the older
   * (issue 29, mail-queue.ts); null: a mail of its own.
   */
  group_key: string | null;
  /** JSON MailAttachment[] (issue 32: the appointment's .ics); null: no file. */
  attachments: string | null;
}

export type OrderStatus = 'pending' | 'paid' | 'expired' | 'cancelled' | 'refunded';

/** A homestylz shop order (issue 14, docs/shop.md); `id` is a random UUID shown in URLs. */
export interface OrderTable {
  id: string;
  /** The signed-in buyer, if any. */
  user_id: string | null;
  /** Where the confirmation goes: the account's, the test checkout's or Stripe's. */
  email: string | null;
  /** JSON array of OrderLine (src/domain/payment.schema.ts), priced by the server. */
  lines: string;
  total_cents: number;
  status: OrderStatus;
  success_url: string;
  cancel_url: string;
  stripe_session_id: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  /** « HS-2026-0042 »: given in the paying transaction (order_number_counter), null before. */
  number: string | null;
  /** JSON OrderAddress (src/domain/api/orders.ts), typed at checkout. */
  address: string | null;
  surface_m2: number | null;
  /** JSON array of PreferredSlot. */
  slots: string | null;
  phone: string | null;
  /** The homestylz CGV accepted (their version date) and when. */
  cgv_version: string | null;
  cgv_accepted_at: string | null;
  /** When the client asked the service to start before the withdrawal period ends (L221-25). */
  express_start_at: string | null;
  /** An unpaid checkout expires then (created + 24 h). */
  expires_at: string | null;
  /** OrderFulfilment once paid: 'a_planifier' → 'planifiee' → 'realisee'. */
  fulfilment: string | null;
  decorator_id: string | null;
  appointment_start: string | null;
  appointment_end: string | null;
  cancelled_at: string | null;
  refunded_at: string | null;
}

/** A year's last order number (issue 32): locked in the paying transaction, no gap. */
export interface OrderNumberCounterTable {
  year: number;
  last_value: number;
}

/** Stripe events already handled, by event id: a redelivery changes nothing. */
export interface StripeWebhookEventTable {
  id: string;
  type: string;
  order_id: string | null;
  received_at: string;
}

/** A document a buyer sent for their file (issue 16, « Mes documents »). */
export interface ClientDocumentTable {
  id: Generated<number>;
  user_id: string;
  /** DocumentKind (src/domain/client-documents.ts). */
  kind: string;
  /** The stored file's random name (a UUID) under DATA_DIR/documents. */
  file_id: string;
  /** The client's file name, sanitised, for display only. */
  original_name: string;
  /** The type found in the bytes. */
  mime: string;
  size: number;
  /** 'recu' | 'valide' | 'refuse' (DocumentStatus; 'a_fournir' is the absence of a row). */
  status: string;
  reason: string | null;
  uploaded_at: string;
  reviewed_by: string | null;
  reviewed_at: string | null;
}

/** A visit planned with a buyer (issue 28). */
export interface VisitTable {
  id: Generated<number>;
  buyer_id: string;
  address: string;
  department: string;
  /** A commune's name, or an arrondissement's INSEE code (src/domain/arrondissements.ts). */
  city: string;
  /** ISO instant. */
  starts_at: string;
  /** Minutes. */
  duration: number;
  with_client: number;
  note: string;
  created_by: string;
  created_at: string;
  cancelled_at: string | null;
}

/** A hunter's visit report (issue 28); complete once every announced photo arrived. */
export interface VisitReportTable {
  id: Generated<number>;
  /** The UUID the hunter's device gave the report: its photos are uploaded under it. */
  ref: string;
  buyer_id: string;
  visit_id: number | null;
  author_id: string;
  address: string;
  department: string;
  city: string;
  /** ISO instant. */
  visited_at: string;
  asking_price: number;
  living_area: number;
  rooms: number;
  floor: number | null;
  lift: number;
  energy: number | null;
  emissions: number | null;
  /** PropertyState (src/domain/visit-report.schema.ts). */
  condition: string;
  works: string;
  works_estimate: number | null;
  rating: number;
  strengths: string;
  weaknesses: string;
  /** 'proposer' | 'ecarte' */
  recommendation: string;
  reason: string;
  /** JSON array of the announced photos: { id, width, height, size }. */
  photo_ids: string;
  photos_expected: number;
  photos_received: number;
  completed_at: string | null;
  /** When the buyer could first see it: complete and « à proposer ». */
  published_at: string | null;
  created_at: string;
  /** 'interesse' | 'pas_pour_moi' (src/domain/api/visits.ts), the buyer's answer. */
  answer: string | null;
  answer_comment: string | null;
  answered_at: string | null;
}

/** A photo of a visit report, its bytes in the DocumentStore. */
export interface VisitPhotoTable {
  /** The UUID the hunter's device gave it. */
  id: string;
  report_ref: string;
  uploaded_by: string;
  file_id: string;
  mime: string;
  size: number;
  sha256: string;
  created_at: string;
}

/** A browser that allowed Web Push notifications for a signed-in person (docs/push.md). */
export interface PushSubscriptionTable {
  id: Generated<number>;
  user_id: string;
  /** The push service's address for this browser (unique). */
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), which encrypt each message. */
  p256dh: string;
  auth: string;
  /** « Chrome sur Android »: what device it is, read from its User-Agent. */
  user_agent: string;
  created_at: string;
}

/** A task on a buyer's file or an owner lead (issue 29): what, when, who must do it, done or not. */
export interface StaffTaskTable {
  id: Generated<number>;
  record_type: 'buyer' | 'owner';
  /** The buyer's account (record_type 'buyer'). */
  buyer_id: string | null;
  /** The owner lead (record_type 'owner'). */
  lead_id: number | null;
  text: string;
  /** ISO instant. */
  due_at: string;
  created_by: string | null;
  created_at: string;
  assignee_id: string | null;
  done_at: string | null;
  done_by: string | null;
}

/** A message of a buyer project's conversation (issue 29, docs/messages.md). */
export interface MessageTable {
  id: Generated<number>;
  project_id: number;
  /** Who wrote it (null once that account is gone). */
  author_id: string | null;
  /** 'client' (the buyer) or 'staff' (the hunter, a manager…). */
  side: 'client' | 'staff';
  text: string;
  created_at: string;
  /** When the other side first read it. */
  read_at: string | null;
}

/** When a recipient was last e-mailed about a conversation (at most one mail per 15 minutes). */
export interface MessageMailTable {
  project_id: number;
  /** An account's id, or 'agency' (the agency's address, when no hunter can be told). */
  recipient: string;
  mailed_at: string;
}

/** A mandat de recherche (issue 30, migration 0021): prepared, signed, then maybe ended. */
export interface MandateTable {
  id: string;
  buyer_id: string;
  project_id: number;
  /** src/domain/api/mandates.ts MandateStatus. */
  status: string;
  /** 'internal' or 'yousign'. */
  provider: string;
  prepared_by: string | null;
  prepared_by_name: string;
  prepared_at: string;
  /** JSON of the mandate's input as prepared (src/domain/mandate.ts MandateInput). */
  input: string;
  accepted_at: string | null;
  /** SHA-256 (hex) of the e-mailed code with the mandate's id; null once used or replaced. */
  code_hash: string | null;
  code_sent_at: string | null;
  code_expires_at: string | null;
  code_tries: Generated<number>;
  code_checked_at: string | null;
  register_number: number | null;
  signed_at: string | null;
  pdf_file_id: string | null;
  pdf_sha256: string | null;
  evidence_file_id: string | null;
  evidence_sha256: string | null;
  test_certificate: Generated<number>;
  ended_at: string | null;
  end_reason: string | null;
  ended_by: string | null;
  /** The provider's signature request id (Yousign). */
  provider_ref: string | null;
  version: Generated<number>;
}

/** One entry of the registre des mandats: a signed mandate's row, or an observation. Append-only. */
export interface MandateRegisterEntryTable {
  seq: number;
  kind: 'mandate' | 'observation';
  /** The order number: the row's own, or the row an observation is about. */
  number: number;
  /** The row's order number (null for an observation): unique. */
  row_number: number | null;
  mandate_id: string | null;
  at: string;
  mandants: string;
  object: string;
  property_sought: string;
  observation: string;
  by_user_id: string | null;
  by_name: string;
  prev_hash: string;
  hash: string;
}

/** The register's one counter row (id 1), updated in the signing transaction. */
export interface MandateRegisterCounterTable {
  id: number;
  last_number: number;
  last_seq: number;
  last_hash: string;
}

export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

/** Work the server does later by itself, claimed by one worker (issue 31, server/jobs). */
export interface JobTable {
  id: Generated<number>;
  kind: string;
  /** Unique: the same job (`reminder-24h:lead:42`) is never scheduled twice. */
  job_key: string;
  /** JSON argument of the job's handler. */
  payload: string;
  status: JobStatus;
  attempts: number;
  /** Milliseconds since the epoch: not run before. */
  due_at: number;
  /** While 'running': after this instant a stopped worker's claim may be taken over. */
  lease_until: number | null;
  last_error: string | null;
  created_at: string;
  done_at: string | null;
}

/** How new records find their hunter (one row, id 1; none: 'manual'). */
export interface RoutingSettingTable {
  id: number;
  rule: string;
  updated_by: string | null;
  updated_at: string;
}

/** A hunter's « absent » flag and when routing last gave them a record. */
export interface HunterAvailabilityTable {
  hunter_id: string;
  is_absent: number;
  last_routed_at: string | null;
}

/** A department a hunter covers. */
export interface HunterDepartmentTable {
  hunter_id: string;
  department: string;
}

/** One line of a staff member's notification list (issue 31: reminders). */
export interface StaffNotificationTable {
  id: Generated<number>;
  user_id: string;
  kind: string;
  record_type: StaffRecordType;
  record_id: string;
  text: string;
  created_at: string;
  read_at: string | null;
}

/** One retention pass (issue 31, migration 0025): what it touched, by id, never by name. */
export interface RetentionRunTable {
  id: Generated<number>;
  started_at: string;
  finished_at: string;
  dry_run: number;
  /** The admin who launched it; null: the nightly pass. */
  launched_by: string | null;
  /** JSON RetentionCounts (src/domain/api/retention.ts). */
  counts: string;
  /** JSON RetentionItem[]. */
  items: string;
}

/** Issue 32: a signed-in person's basket, the same on each of their devices (docs/shop.md). */
export interface UserBasketTable {
  user_id: string;
  /** JSON [{ productId, quantity }], checked against the catalogue on each write. */
  items: string;
  version: number;
  /** JSON list of the last merge keys (a retried merge at sign-in is not added twice). */
  merge_keys: string;
  updated_at: string;
}

/** Issue 33: a long form's draft copied for another device (docs/form-copies.md). */
export interface FormCopyTable {
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  /** 'owner' | 'buyer' (src/domain/api/form-copies.ts). */
  flow: string;
  step: number;
  /** JSON answers without any password (withoutSecrets); '{}' once the form is sent. */
  answers: string;
  /** The draft's Idempotency-Key: the submission under it marks the copy sent. */
  idempotency_key: string;
  created_at: string;
  updated_at: string;
  /** created_at + 7 days; updates do not move it. */
  expires_at: string;
  sent_at: string | null;
}

export interface Database {
  contact_message: ContactMessageTable;
  app_user: UserTable;
  account_token: AccountTokenTable;
  revoked_token: RevokedTokenTable;
  owner_property: OwnerPropertyTable;
  owner_contact: OwnerContactTable;
  idempotency_key: IdempotencyKeyTable;
  buyer_project: BuyerProjectTable;
  throttle: ThrottleTable;
  mail_queue: MailQueueTable;
  orders: OrderTable;
  stripe_webhook_event: StripeWebhookEventTable;
  order_number_counter: OrderNumberCounterTable;
  buyer_project_department: BuyerProjectDepartmentTable;
  match_proposal: MatchProposalTable;
  match_notice: MatchNoticeTable;
  project_stage_move: ProjectStageMoveTable;
  staff_note: StaffNoteTable;
  audit_log: AuditLogTable;
  client_document: ClientDocumentTable;
  visit: VisitTable;
  visit_report: VisitReportTable;
  visit_photo: VisitPhotoTable;
  message: MessageTable;
  message_mail: MessageMailTable;
  push_subscription: PushSubscriptionTable;
  staff_task: StaffTaskTable;
  mandate: MandateTable;
  mandate_register_entry: MandateRegisterEntryTable;
  mandate_register_counter: MandateRegisterCounterTable;
  job: JobTable;
  routing_setting: RoutingSettingTable;
  hunter_availability: HunterAvailabilityTable;
  hunter_department: HunterDepartmentTable;
  staff_notification: StaffNotificationTable;
  retention_run: RetentionRunTable;
  user_basket: UserBasketTable;
  form_copy: FormCopyTable;
}
