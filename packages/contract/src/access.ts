import Type, { type Static } from 'typebox';

const Closed = { additionalProperties: false } as const;

/** What the studio learns before it shows anything: must it sign in, and as which workspace is it. */
export const Session = Type.Object(
  {
    keys_required: Type.Boolean({
      description: 'Whether this service asks for an API key (once its administrator made one: npm run keys -- add).',
    }),
    workspace: Type.Union([Type.Object({ name: Type.String() }, Closed), Type.Null()], {
      description: 'The workspace the request’s key (or the studio’s sign-in) opens; null without one.',
    }),
    earlier_work: Type.Optional(
      Type.Object(
        {
          projects: Type.Integer({ minimum: 0, description: 'Projects made before keys were in use.' }),
          libraries: Type.Array(Type.String(), {
            description: 'Which of glossaries, memory and voice-library hold something made before keys.',
          }),
        },
        {
          ...Closed,
          description:
            'Only for a signed-in workspace with no projects, glossaries or voices of its own: what this service made ' +
            'before API keys were in use, which no key reaches until its administrator runs npm run keys -- adopt NAME.',
        },
      ),
    ),
  },
  Closed,
);
export type Session = Static<typeof Session>;

export const SignInBody = Type.Object(
  {
    key: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'An API key (npm run keys -- add NAME prints one).',
      'x-missing': 'Please enter your API key.',
      'x-error': 'That is not an API key: keys start with vxk_ (npm run keys -- add NAME prints one).',
    }),
  },
  Closed,
);
export type SignInBody = Static<typeof SignInBody>;

/** The live socket's first message when the key is not in a header, the cookie or a subprotocol. */
export const LiveKey = Type.Object(
  {
    type: Type.Literal('key'),
    key: Type.String({ description: 'The API key. Sent first, before any audio (the socket waits 10 s for it).' }),
  },
  Closed,
);
export type LiveKey = Static<typeof LiveKey>;

const Limit = (description: string) =>
  Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: `${description}; null: no limit.` });

/** A plan as the pricing page names it, and what it allows a month. */
export const PlanAllowance = Type.Object(
  {
    name: Type.Union(
      [Type.Literal('free'), Type.Literal('creator'), Type.Literal('professional'), Type.Literal('enterprise')],
      { description: 'The plan the workspace is on (npm run keys -- plan NAME PLAN).' },
    ),
    minutes_per_month: Limit('Minutes of media dubbed a month'),
    languages: Limit('Target languages dubbed into a month'),
    max_video_height: Limit('Tallest video picture, pixels (HD 1080, 4K 2160)'),
    seats: Limit('Keys the workspace may hold at once'),
  },
  Closed,
);

/** The workspace's month against its plan: GET /api/usage. */
export const Usage = Type.Object(
  {
    plan: Type.Union([PlanAllowance, Type.Null()], {
      description: 'The workspace’s plan; null on a service without keys (no plan, no limit).',
    }),
    month: Type.String({ pattern: '^\\d{4}-\\d{2}$', description: 'The calendar month counted (UTC).' }),
    resets_at: Type.String({ format: 'date-time', description: 'When the next month starts.' }),
    used_minutes: Type.Number({
      minimum: 0,
      description: 'Minutes of media dubbed this month (a re-dub counts the lines it dubbed again).',
    }),
    top_up_minutes: Type.Number({ minimum: 0, description: 'Minutes added to this month by the operator.' }),
    left_minutes: Type.Union([Type.Number({ minimum: 0 }), Type.Null()], {
      description: 'Minutes left this month; null: no limit.',
    }),
    languages_used: Type.Array(Type.String(), { description: 'Target languages dubbed into this month.' }),
    seats_used: Type.Integer({ minimum: 0, description: 'Keys of the workspace in use (not revoked or expired).' }),
    overage: Type.Boolean({
      description: 'Whether dubs past the allowance are taken (and counted) rather than refused with 402.',
    }),
  },
  Closed,
);
export type Usage = Static<typeof Usage>;

const When = (description: string) => Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description });

/** The workspace's keys as an admin sees them: GET /api/keys. */
export const KeyList = Type.Object(
  {
    keys: Type.Array(
      Type.Object(
        {
          prefix: Type.String({ description: 'The key’s first characters (vxk_ and 8 more): enough to revoke it by.' }),
          scope: Type.Union([Type.Literal('read'), Type.Literal('dub'), Type.Literal('admin')]),
          created_at: Type.String({ format: 'date-time' }),
          expires_at: When('When it stops working; null: when revoked.'),
          last_used_at: When('When a request last came with it (to the minute); null: never.'),
          revoked_at: When('When it was revoked; null: it was not.'),
        },
        Closed,
      ),
    ),
  },
  Closed,
);
