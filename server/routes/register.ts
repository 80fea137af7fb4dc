import { Hono } from 'hono';
import { registerSchema, type BuyerProject } from '../../src/domain/buyer-signup.schema';
import { projectStages, type ProjectStage } from '../../src/domain/project';
import type { ProjectView } from '../../src/domain/project-view';
import { Role } from '../../src/domain/roles';
import { hashPassword } from '../auth/password-hash';
import { requireAuth, type AuthEnv } from '../auth/middleware';
import type { TokenService } from '../auth/tokens';
import type { AccountTokens, UsersRepo } from '../auth/users.repo';
import type { Db } from '../db/database';
import type { BuyerProjectTable } from '../db/schema';
import type { Selectable } from 'kysely';
import { company } from '../../src/domain/company';
import { formatEuro } from '../../src/domain/format';
import { apiError, readJson, validationError } from '../http/errors';
import { limitPublicForm, type FormLimits } from '../http/form-limits';
import { IDEMPOTENCY_KEY_PATTERN, answered, bodyHash, once } from '../http/idempotency';
import type { MailQueue } from '../mail/mail-queue';
import { activationMail, staffNotificationMail } from '../mail/templates';
import { ACTIVATION_TTL_MS } from './auth';

export interface RegisterDeps {
  db: Db;
  users: UsersRepo;
  accountTokens: AccountTokens;
  tokens: TokenService;
  mails: MailQueue;
  limits: FormLimits;
  /** Base of the links sent by e-mail. */
  publicUrl: string;
  /** Where new buyers are announced. */
  staffEmail?: string;
}

const SCOPE = 'register';

const ALREADY_REGISTERED =
  'Un compte existe déjà avec cette adresse e-mail. Connectez-vous, ou choisissez « Mot de passe oublié » sur la page de connexion.';

function parseList<T>(json: string): T[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export function toProjectView(row: Selectable<BuyerProjectTable>): ProjectView {
  const stage = row.stage as ProjectStage;
  const project: ProjectView = {
    id: row.id,
    stage,
    stageLabel: projectStages.find((s) => s.value === stage)?.label ?? stage,
    partnerCode: row.partner_code,
    createdAt: row.created_at,
    personCount: row.person_count,
    searchGoal: row.search_goal as BuyerProject['searchGoal'],
    department: parseList(row.departments),
    cities: parseList(row.cities),
    typeBien: parseList(row.type_bien),
    typeAchat: parseList(row.type_achat),
    surface: row.surface,
    roomCount: row.room_count,
    bedroomCount: row.bedroom_count,
    visitCount: row.visit_count,
    description: row.description,
    budget: row.budget,
    apport: row.apport,
    withBank: row.with_bank === 1,
  };
  if (row.with_courtier !== null) project.withCourtier = row.with_courtier === 1;
  return project;
}

/** POST /api/register (spec 2.6, 7): unconfirmed client account + project, idempotent. */
export function registerRoutes({
  db,
  users,
  accountTokens,
  tokens,
  mails,
  limits,
  publicUrl,
  staffEmail = company.email,
}: RegisterDeps): Hono<AuthEnv> {
  const app = new Hono<AuthEnv>();

  app.post('/register', async (c) => {
    const key = c.req.header('Idempotency-Key') ?? '';
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      return apiError(
        c,
        400,
        'L’en-tête Idempotency-Key est manquant ou invalide (16 à 128 caractères).',
      );
    }
    const parsed = registerSchema.safeParse(await readJson(c));
    if (!parsed.success) return validationError(c, parsed.error);
    const { password, passwordConfirm: _confirm, project, partnerCode, ...person } = parsed.data;

    // The stored hash of the body leaves the password out: it is not a place to keep one.
    const hash = bodyHash({ person, project, partnerCode });
    // One account per e-mail already limits what reaches a recipient; the address limit stops
    // a flood of accounts. A replay of a stored registration is not a new one.
    if (!(await answered(db, SCOPE, key))) {
      const refused = await limitPublicForm(c, limits, 'register');
      if (refused) return refused;
    }
    const passwordHash = await hashPassword(password);
    let duplicate = false;
    const result = await once(db, SCOPE, key, hash, async (trx) => {
      const existing = await trx
        .selectFrom('app_user')
        .select('id')
        .where('email', '=', person.email.toLowerCase())
        .executeTakeFirst();
      if (existing) {
        duplicate = true;
        throw new DuplicateEmail();
      }
      const user = await users.create(
        {
          email: person.email,
          passwordHash,
          lastname: person.lastname,
          firstname: person.firstname,
          phone: person.phone,
          roles: [Role.CLIENT],
        },
        trx,
      );
      const now = new Date().toISOString();
      await trx
        .insertInto('buyer_project')
        .values({
          user_id: user.id,
          partner_code: partnerCode ?? null,
          person_count: project.personCount,
          search_goal: project.searchGoal,
          departments: JSON.stringify(project.department),
          cities: JSON.stringify(project.cities),
          type_bien: JSON.stringify(project.typeBien),
          type_achat: JSON.stringify(project.typeAchat),
          surface: project.surface,
          room_count: project.roomCount,
          bedroom_count: project.bedroomCount,
          visit_count: project.visitCount,
          description: project.description,
          budget: project.budget,
          apport: project.apport,
          with_bank: Number(project.withBank),
          with_courtier: project.withCourtier === undefined ? null : Number(project.withCourtier),
          stage: 'VALIDATION',
          created_at: now,
          updated_at: now,
        })
        .execute();
      // The activation code and the mails commit with the account (transactional outbox).
      const code = await accountTokens.create(user.id, 'activation', ACTIVATION_TTL_MS, trx);
      await mails.enqueue(
        activationMail(person.email, person.firstname, `${publicUrl}/activation/${code}`),
        trx,
      );
      await mails.enqueue(
        staffNotificationMail(
          staffEmail,
          `Nouvel acquéreur\u00a0: ${person.firstname} ${person.lastname}`,
          'Un acquéreur vient de décrire son projet (adresse e-mail pas encore confirmée). À rappeler sous 48 heures\u00a0:',
          [
            ['Contact', `${person.firstname} ${person.lastname}, ${person.phone}, ${person.email}`],
            ['Départements', project.department.join(', ')],
            ['Villes', project.cities.join(', ')],
            ['Budget', formatEuro(project.budget)],
            ['Code partenaire', partnerCode ?? '—'],
          ],
        ),
        trx,
      );
      return {
        status: 201,
        body: {
          id: user.id,
          message:
            'Votre projet est enregistré. Confirmez votre adresse e-mail avec le lien que nous venons de vous envoyer.',
        },
      };
    }).catch((error: unknown) => {
      if (error instanceof DuplicateEmail) return undefined;
      throw error;
    });

    if (duplicate || !result) {
      return c.json(
        { message: ALREADY_REGISTERED, fieldErrors: { email: ALREADY_REGISTERED } },
        409,
      );
    }
    if (result.kind === 'conflict') {
      return apiError(
        c,
        409,
        'Cet envoi a déjà été fait avec d’autres réponses. Rechargez la page pour renvoyer vos réponses actuelles.',
      );
    }
    if (result.kind === 'replay') c.header('Idempotent-Replayed', 'true');
    return c.json(result.answer.body as object, result.answer.status as 201);
  });

  /** The signed-in person's projects, newest first, with their stage. */
  app.get('/projects/mine', requireAuth(tokens, users), async (c) => {
    const rows = await db
      .selectFrom('buyer_project')
      .selectAll()
      .where('user_id', '=', c.get('user')._id)
      .orderBy('id', 'desc')
      .execute();
    return c.json(rows.map(toProjectView));
  });

  return app;
}

class DuplicateEmail extends Error {}
