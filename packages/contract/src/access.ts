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
