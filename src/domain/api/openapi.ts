import { z } from 'zod';
import {
  FORM_COPIES_PATH,
  FORM_COPY_EMAIL_PATH,
  FORM_COPY_PATH,
  formCopyCreateSchema,
  formCopyEmailSchema,
  formCopyUpdateSchema,
} from './form-copies';
import { MY_BASKET_MERGE_PATH, MY_BASKET_PATH, basketMergeSchema, basketPutSchema } from './basket';
import { ownerSubmissionSchema } from '../owner-questionnaire.schema';
import { changePasswordSchema } from '../auth.schema';
import { profileUpdateSchema } from '../user.schema';
import {
  ACTIVATE_PATH,
  FORGOT_PASSWORD_PATH,
  LOGIN_PATH,
  LOGOUT_PATH,
  RESEND_ACTIVATION_PATH,
  RESET_PASSWORD_PATH,
  activationSchema,
  emailRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageSchema,
  resetPasswordSchema,
} from './auth';
import {
  CLIENT_EXPORT_PATH,
  CRITERIA_PATH,
  DELETE_ACCOUNT_PATH,
  OVERVIEW_PATH,
  criteriaSchema,
  deletionSchema,
} from './client';
import { CONTACT_PATH, contactMessageSchema, contactSentSchema } from './contact';
import {
  BUYER_MATCHES_PATH,
  BUYER_PROPOSALS_PATH,
  CLIENT_PROPOSAL_ANSWER_PATH,
  CLIENT_PROPOSALS_PATH,
  LEAD_MATCHES_PATH,
  buyerMatchesResponseSchema,
  clientProposalSchema,
  clientProposalsResponseSchema,
  leadMatchesResponseSchema,
  proposalAnswerSchema,
  proposalCreateSchema,
  proposalCreatedSchema,
} from './matches';
import {
  CLAIMABLE_PATH,
  CLAIM_PATH,
  HUNTER_AVAILABILITY_PATH,
  NOTIFICATIONS_PATH,
  NOTIFICATIONS_READ_PATH,
  ROUTING_PATH,
  hunterAvailabilitySchema,
  notificationsReadSchema,
  routingSettingsSchema,
} from './routing';
import { DOCUMENT_UPLOAD_PATH } from './documents';
import { apiErrorSchema } from './errors';
import { REGISTER_PATH, registerSchema, registeredSchema } from './register';
import {
  MY_ORDERS_PATH,
  PACKS_PATH,
  PACK_PATH,
  PAYMENT_CONFIG_PATH,
  PAYMENT_PATH,
  paymentConfigSchema,
  paymentStartedSchema,
} from './shop';
import { checkoutPaymentRequestSchema, MY_ORDER_CANCEL_PATH, MY_ORDER_RESUME_PATH } from './orders';
import {
  RETENTION_PREVIEW_PATH,
  RETENTION_RUNS_PATH,
  retentionLogSchema,
  retentionPreviewSchema,
  retentionRunRequestSchema,
  retentionRunSchema,
} from './retention';
import {
  USERS_PATH,
  userArchiveSchema,
  userEditSchema,
  userFieldsSchema,
  userListQuerySchema,
} from './users';

/**
 * The API's OpenAPI 3.1 document (GET /api/openapi.json), for integrators: spec 7's calls and
 * the client area, built from the contracts' own zod schemas with zod's z.toJSONSchema (JSON
 * Schema 2020-12, which OpenAPI 3.1 uses as is). docs/decisions/009-resource-shape.md says why.
 */

type Method = 'get' | 'post' | 'put' | 'delete';

interface Operation extends Details {
  method: Method;
  /** As the contracts write it, parameters as `:name`. */
  path: string;
  tag: string;
  summary: string;
}

interface Details {
  /** Needs `Authorization: Bearer <token>` (POST /api/login gives one). */
  auth?: boolean;
  /** Needs an `Idempotency-Key` header: the same key again gets the first answer. */
  idempotent?: boolean;
  body?: z.ZodType;
  /** The body is a file's bytes (PDF, JPEG or PNG), not JSON. */
  fileBody?: boolean;
  query?: z.ZodObject;
  status?: number;
  answer?: z.ZodType;
  /** The answer is a file. */
  fileAnswer?: boolean;
  description?: string;
}

const PUBLIC = 'Formulaires publics';
const AUTH = 'Connexion et compte';
const CLIENT = 'Espace client';
const SHOP = 'Boutique';
const USERS = 'Utilisateurs (administration)';
const RETENTION = 'Conservation des données (administration)';
const ROUTING = 'Attribution, relances et notifications (équipe)';
const MATCHES = 'Rapprochement (équipe)';

/** « Send me a link »: the same answer whatever the address. */
const LINK_REQUEST: Details = { body: emailRequestSchema, answer: messageSchema };

/** [method, path, summary, details] of each operation, by tag. */
const table: [string, [Method, string, string, Details?][]][] = [
  [
    PUBLIC,
    [
      [
        'post',
        CONTACT_PATH,
        'Envoyer un message (page contact)',
        { body: contactMessageSchema, status: 201, answer: contactSentSchema },
      ],
      [
        'post',
        '/api/public/biens',
        'Proposer un bien (questionnaire propriétaire, spec 2.5)',
        {
          idempotent: true,
          body: ownerSubmissionSchema,
          status: 201,
          answer: z.object({ id: z.number().int(), message: z.string() }),
        },
      ],
      [
        'post',
        REGISTER_PATH,
        'Créer un compte acquéreur et son projet (spec 2.6)',
        { idempotent: true, body: registerSchema, status: 201, answer: registeredSchema },
      ],
      [
        'post',
        FORM_COPIES_PATH,
        'Copier un formulaire commencé pour le continuer sur un autre appareil (7 jours, sans mot de passe)',
        { body: formCopyCreateSchema, status: 201 },
      ],
      [
        'get',
        FORM_COPY_PATH,
        'Lire la copie d’un formulaire par son jeton (404 inconnu ou expiré, 410 déjà envoyé, 429 trop de jetons erronés)',
      ],
      [
        'put',
        FORM_COPY_PATH,
        'Mettre à jour la copie d’un formulaire (étape et réponses)',
        { body: formCopyUpdateSchema },
      ],
      [
        'post',
        FORM_COPY_EMAIL_PATH,
        'Envoyer par e-mail le lien de reprise d’un formulaire',
        { body: formCopyEmailSchema, status: 202 },
      ],
    ],
  ],
  [
    AUTH,
    [
      [
        'post',
        LOGIN_PATH,
        'Se connecter (spec 3.2)',
        { body: loginRequestSchema, answer: loginResponseSchema },
      ],
      ['post', LOGOUT_PATH, 'Se déconnecter (le jeton est révoqué)', { auth: true }],
      ['get', '/api/user', 'L’utilisateur connecté', { auth: true }],
      [
        'post',
        ACTIVATE_PATH,
        'Confirmer son adresse e-mail (lien reçu)',
        { body: activationSchema, answer: loginResponseSchema },
      ],
      ['post', RESEND_ACTIVATION_PATH, 'Recevoir de nouveau le lien de confirmation', LINK_REQUEST],
      ['post', FORGOT_PASSWORD_PATH, 'Mot de passe oublié\u00a0: recevoir un lien', LINK_REQUEST],
      [
        'post',
        RESET_PASSWORD_PATH,
        'Choisir un nouveau mot de passe (lien reçu)',
        { body: resetPasswordSchema, answer: loginResponseSchema },
      ],
      [
        'post',
        '/api/:role/changepassword',
        'Changer son mot de passe',
        { auth: true, body: changePasswordSchema },
      ],
      [
        'put',
        '/api/:role/update',
        'Modifier son profil',
        { auth: true, body: profileUpdateSchema },
      ],
    ],
  ],
  [
    CLIENT,
    [
      [
        'get',
        OVERVIEW_PATH,
        'Le projet, son avancement, le chasseur et ses messages',
        { auth: true },
      ],
      [
        'post',
        CRITERIA_PATH,
        'Modifier ses critères de recherche (409 si le projet a changé)',
        { auth: true, idempotent: true, body: criteriaSchema },
      ],
      ['get', '/api/client/documents', 'Les documents demandés et leur état', { auth: true }],
      [
        'put',
        DOCUMENT_UPLOAD_PATH,
        'Envoyer un document (PDF, JPEG ou PNG, 10 Mo au plus)',
        {
          auth: true,
          fileBody: true,
          description:
            'Le corps est le fichier\u202f; son nom dans l’en-tête X-File-Name (encodé URI). Idempotency-Key facultatif.',
        },
      ],
      [
        'get',
        `${DOCUMENT_UPLOAD_PATH}/file`,
        'Télécharger un document envoyé',
        { auth: true, fileAnswer: true },
      ],
      [
        'get',
        CLIENT_PROPOSALS_PATH,
        'Les biens que le chasseur a proposés (sans le propriétaire)',
        { auth: true, answer: clientProposalsResponseSchema },
      ],
      [
        'put',
        CLIENT_PROPOSAL_ANSWER_PATH,
        'Répondre à un bien proposé («\u00a0Ça m’intéresse\u00a0» ou «\u00a0Pas pour moi\u00a0»)',
        { auth: true, body: proposalAnswerSchema, answer: clientProposalSchema },
      ],
      ['get', CLIENT_EXPORT_PATH, 'Exporter ses données (RGPD)', { auth: true }],
      ['post', DELETE_ACCOUNT_PATH, 'Supprimer son compte', { auth: true, body: deletionSchema }],
    ],
  ],
  [
    SHOP,
    [
      ['get', PACKS_PATH, 'Les packs homestylz'],
      ['get', PACK_PATH, 'Un pack'],
      ['get', PAYMENT_CONFIG_PATH, 'Comment ce serveur encaisse', { answer: paymentConfigSchema }],
      [
        'post',
        PAYMENT_PATH,
        'Payer le panier (spec 7) avec l’adresse du bien, les créneaux et les CGV acceptées\u00a0: l’adresse où aller',
        { body: checkoutPaymentRequestSchema, answer: paymentStartedSchema },
      ],
      ['get', MY_ORDERS_PATH, 'Mes commandes', { auth: true }],
      [
        'post',
        MY_ORDER_RESUME_PATH,
        'Reprendre le paiement d’une commande en attente\u00a0: l’adresse où aller',
        { auth: true, answer: paymentStartedSchema },
      ],
      ['post', MY_ORDER_CANCEL_PATH, 'Annuler une commande en attente', { auth: true }],
      ['get', MY_BASKET_PATH, 'Mon panier, le même sur chacun de mes appareils', { auth: true }],
      [
        'put',
        MY_BASKET_PATH,
        'Enregistrer mon panier entier (la dernière écriture l’emporte)',
        { auth: true, body: basketPutSchema },
      ],
      [
        'post',
        MY_BASKET_MERGE_PATH,
        'Ajouter le panier de cet appareil au mien à la connexion (une fois par clé)',
        { auth: true, body: basketMergeSchema },
      ],
    ],
  ],
  [
    USERS,
    [
      [
        'get',
        USERS_PATH,
        'Les comptes, par page, avec recherche',
        { auth: true, query: userListQuerySchema },
      ],
      ['post', USERS_PATH, 'Créer un compte', { auth: true, body: userFieldsSchema, status: 201 }],
      ['get', `${USERS_PATH}/:id`, 'Un compte', { auth: true }],
      [
        'put',
        `${USERS_PATH}/:id`,
        'Modifier un compte (409 si sa version a changé)',
        { auth: true, body: userEditSchema },
      ],
      [
        'put',
        '/api/users/:id',
        'Archiver ou désarchiver un compte',
        { auth: true, body: userArchiveSchema },
      ],
      ['delete', `${USERS_PATH}/:id`, 'Supprimer un compte sans client ni projet', { auth: true }],
      ['get', '/api/users', 'Les comptes que voit l’équipe', { auth: true }],
      ['get', '/api/:chasseurId/chasseurusers', 'Les clients d’un chasseur', { auth: true }],
    ],
  ],
  [
    ROUTING,
    [
      [
        'get',
        ROUTING_PATH,
        'La règle d’attribution des nouveaux contacts et acquéreurs',
        {
          auth: true,
          description:
            '«\u00a0manual\u00a0» (un manager attribue), «\u00a0round-robin\u00a0» (tour de rôle entre les chasseurs présents du département) ou «\u00a0claim\u00a0» (le premier qui dit «\u00a0Je le prends\u00a0»)\u202f; updatedAt\u00a0: null tant qu’elle n’a pas été choisie.',
        },
      ],
      [
        'put',
        ROUTING_PATH,
        'Choisir la règle d’attribution (managers)',
        { auth: true, body: routingSettingsSchema },
      ],
      [
        'get',
        HUNTER_AVAILABILITY_PATH,
        'Les départements d’un chasseur et s’il est absent (lui ou un manager)',
        { auth: true, answer: hunterAvailabilitySchema },
      ],
      [
        'put',
        HUNTER_AVAILABILITY_PATH,
        'Changer les départements d’un chasseur ou le dire absent (un absent ne reçoit rien)',
        { auth: true, body: hunterAvailabilitySchema, answer: hunterAvailabilitySchema },
      ],
      [
        'get',
        CLAIMABLE_PATH,
        'Les dossiers sans chasseur de ses départements, que la règle «\u00a0claim\u00a0» permet de prendre',
        {
          auth: true,
          description:
            'Le plus récent d’abord, sans le nom ni les coordonnées de la personne\u202f; vide sous une autre règle ou quand le chasseur est absent.',
        },
      ],
      [
        'post',
        CLAIM_PATH,
        '«\u00a0Je le prends\u00a0»\u00a0: le dossier devient celui du chasseur s’il est encore libre',
        {
          auth: true,
          description:
            'recordType\u00a0: «\u00a0owner\u00a0» ou «\u00a0buyer\u00a0». Deux prises à la fois\u00a0: une seule gagne, l’autre reçoit 409.',
        },
      ],
      [
        'get',
        NOTIFICATIONS_PATH,
        'Ses notifications, les plus récentes d’abord, et combien sont non lues',
        {
          auth: true,
          description:
            'kind\u00a0: «\u00a0reminder-hunter\u00a0» (24\u00a0h), «\u00a0reminder-managers\u00a0» (40\u00a0h), «\u00a0match-lead\u00a0» (un nouveau bien pour ses acquéreurs) «\u00a0match-buyer\u00a0» (un nouvel acquéreur pour des biens) ou «\u00a0proposal-answer\u00a0» (la réponse du client à un bien proposé)\u202f; recordName\u00a0: le nom actuel du dossier, null une fois effacé.',
        },
      ],
      [
        'post',
        NOTIFICATIONS_READ_PATH,
        'Marquer lues ses notifications (ces ids, ou toutes)',
        { auth: true, body: notificationsReadSchema },
      ],
    ],
  ],
  [
    MATCHES,
    [
      [
        'get',
        BUYER_MATCHES_PATH,
        'Les biens de propriétaires qui correspondent à un acquéreur, les meilleurs d’abord, avec leurs raisons',
        { auth: true, answer: buyerMatchesResponseSchema },
      ],
      [
        'get',
        LEAD_MATCHES_PATH,
        'Les acquéreurs auxquels correspond le bien d’un propriétaire, avec leurs raisons',
        { auth: true, answer: leadMatchesResponseSchema },
      ],
      [
        'post',
        BUYER_PROPOSALS_PATH,
        '«\u00a0Proposer au client\u00a0»\u00a0: le bien apparaît dans son espace (201, puis 200 avec la même proposition)',
        {
          auth: true,
          body: proposalCreateSchema,
          status: 201,
          answer: proposalCreatedSchema,
        },
      ],
    ],
  ],
  [
    RETENTION,
    [
      [
        'get',
        RETENTION_PREVIEW_PATH,
        'Ce que la prochaine passe anonymiserait ou supprimerait (essai à blanc)',
        { auth: true, answer: retentionPreviewSchema },
      ],
      [
        'get',
        RETENTION_RUNS_PATH,
        'Le journal des passes',
        { auth: true, answer: retentionLogSchema },
      ],
      [
        'post',
        RETENTION_RUNS_PATH,
        'Lancer une passe maintenant (une à la fois ; 200 avec la précédente si elle date de moins d’une minute)',
        { auth: true, body: retentionRunRequestSchema, status: 201, answer: retentionRunSchema },
      ],
    ],
  ],
];

export const operations: Operation[] = table.flatMap(([tag, list]) =>
  list.map(([method, path, summary, details]) => ({ method, path, tag, summary, ...details })),
);

/** A contract's schema as JSON Schema 2020-12: what a request may send, or what an answer holds. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  // Transforms and refinements have no JSON Schema: the shape is documented, not the rule.
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

const FILE_TYPES = { 'application/pdf': {}, 'image/jpeg': {}, 'image/png': {} };
const ERROR_REF = { $ref: '#/components/schemas/ApiError' };
const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: ERROR_REF } },
});

function operationObject(op: Operation) {
  const parameters: object[] = [...op.path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (op.idempotent)
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: true,
      description:
        'Identifiant de l’envoi (16 à 128 caractères)\u00a0: le même envoi répété est enregistré une fois.',
      schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{16,128}$' },
    });
  if (op.query) {
    const { properties = {}, required = [] } = jsonSchema(op.query, 'input') as {
      properties?: Record<string, object>;
      required?: string[];
    };
    for (const [name, schema] of Object.entries(properties))
      parameters.push({ name, in: 'query', required: required.includes(name), schema });
  }
  const status = String(op.status ?? 200);
  const content = op.fileAnswer
    ? {
        'application/octet-stream': {
          schema: { type: 'string', contentMediaType: 'application/octet-stream' },
        },
      }
    : {
        'application/json': {
          schema: op.answer ? jsonSchema(op.answer, 'output') : { type: 'object' },
        },
      };
  return {
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...(op.auth ? { security: [{ bearer: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(op.fileBody
      ? { requestBody: { required: true, content: FILE_TYPES } }
      : op.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(op.body, 'input') } },
            },
          }
        : {}),
    responses: {
      [status]: { description: 'Réussite', content },
      ...(op.body || op.query
        ? { '400': errorAnswer('Champs invalides\u00a0: un message par champ') }
        : {}),
      ...(op.auth ? { '401': errorAnswer('Non connecté') } : {}),
      default: errorAnswer('Erreur (message en français)'),
    },
  };
}

/** The whole document; `version` is the server's. */
export function openApiDocument(version: string) {
  const paths: Record<string, Partial<Record<Method, object>>> = {};
  for (const op of operations) {
    const path = op.path.replace(/:(\w+)/g, '{$1}');
    (paths[path] ??= {})[op.method] = operationObject(op);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'API Chassimmo',
      version,
      description:
        'Les formulaires publics, la connexion, l’espace client et la boutique. Toute erreur a la forme ApiError, messages en français.',
    },
    servers: [{ url: '/' }],
    tags: [PUBLIC, AUTH, CLIENT, SHOP, USERS].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ApiError: jsonSchema(apiErrorSchema, 'output') },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}
