import { dataDirFromEnv } from '@voxlate/dubber';
import { adoptOpenData, openData, type AdoptedData } from '@voxlate/jobs';
import {
  Allowance,
  ApiKeys,
  isPlanName,
  KEY_SCOPES,
  PLAN_NAMES,
  Sessions,
  sessionLifetimeFromEnv,
  UsageLedger,
  type WorkspaceRef,
  type KeyListing,
  type KeyScope,
  type SessionListing,
} from '@voxlate/workspace';

const USAGE = `Usage: npm run keys -- add NAME [--scope read|dub|admin] [--expires 90d] | list | revoke NAME|KEY-PREFIX
                     | sessions [end NAME|PREFIX] | plan NAME PLAN | topup NAME MINUTES | usage NAME | adopt NAME

  add NAME       makes a key for the workspace NAME (made when new) and prints it once, as the last line.
                 A workspace may have several keys (one per teammate or machine, or one to rotate to).
                 --scope: read (list, play, download), dub (that and create, edit, cancel; the default)
                 or admin (that and the workspace's keys and plan). --expires: after 12h, 30d, 8w or
                 on a date (2027-03-01); without it the key lasts until revoked.
  list           every key: its workspace, prefix, scope, when it was made, expires, was last used and
                 revoked. Keys are kept hashed (SHA-256): a lost key cannot be shown again, only revoked.
  sessions       the studio's sign-ins that last now (they end after 12 h unused or 30 days, on sign-out,
                 or with their key); "sessions end X" ends those of the workspace X, of the key or
                 with the session prefix X.
  revoke X       revokes the key starting with X (as list shows it), or every key of the workspace X.
                 Every service sharing the data folder refuses it within seconds. The workspace's jobs
                 and data stay: a new key for the same name opens them again.
  plan NAME P    puts the workspace on the plan P: free (10 minutes and 2 languages a month, 1 seat; new
                 workspaces start here), creator (2 hours, 5 languages, HD), professional (10 hours,
                 every language, 4K, 3 seats) or enterprise (no limit). A workspace's keys are its seats.
  topup NAME M   adds M minutes to the workspace's allowance for this month.
  usage NAME     the workspace's month: its plan, minutes used and left, languages, seats.
  adopt NAME     gives the workspace NAME what was made before keys were in use (jobs, glossaries,
                 translation memory, saved voices), which no key reaches otherwise. Stop the
                 services first.

Once one key exists, the service asks for a key on every request (the studio shows a sign-in page).
Settings: VOXLATE_DATA_DIR (the data folder the services and workers share).`;

/** `npm run keys`: the API keys and workspaces of the installation's data folder. */
async function main([command, argument, ...rest]: string[]): Promise<number> {
  const keys = new ApiKeys(dataDirFromEnv());
  if (command === 'list' && argument === undefined) return list(keys);
  if (command === 'add' && argument !== undefined) return add(keys, argument, keyOptionsOf(rest));
  if (command === 'plan' && argument !== undefined && rest.length === 1) return plan(keys, argument, rest[0]!);
  if (command === 'topup' && argument !== undefined && rest.length === 1) return topUp(keys, argument, rest[0]!);
  if (command === 'usage' && argument !== undefined && rest.length === 0) return usage(keys, argument);
  if (command === 'sessions' && argument === undefined) return listSessions();
  if (command === 'sessions' && argument === 'end' && rest.length === 1) return endSessions(rest[0]!);
  if (command === 'revoke' && argument !== undefined && rest.length === 0) return revoke(keys, argument);
  if (command === 'adopt' && argument !== undefined && rest.length === 0) return adopt(keys, argument);
  console.error(USAGE);
  return 2;
}

/** `--scope S` and `--expires WHEN` after `add NAME`. */
function keyOptionsOf(args: readonly string[]): { scope?: KeyScope; expiresAt?: Date } {
  const options: { scope?: KeyScope; expiresAt?: Date } = {};
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i], args[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value.\n\n${USAGE}`);
    if (flag === '--scope' && (KEY_SCOPES as readonly string[]).includes(value)) options.scope = value as KeyScope;
    else if (flag === '--expires') options.expiresAt = expiryOf(value);
    else throw new Error(`Not understood: ${flag} ${value}.\n\n${USAGE}`);
  }
  return options;
}

/** `90d`, `12h`, `8w` from now, or a date (`2027-03-01`, midnight UTC). */
export function expiryOf(text: string, now = new Date()): Date {
  const span = /^(\d+)([hdw])$/.exec(text);
  if (span) {
    const hours = Number(span[1]) * { h: 1, d: 24, w: 24 * 7 }[span[2] as 'h' | 'd' | 'w'];
    return new Date(now.getTime() + hours * 3600_000);
  }
  const date = /^\d{4}-\d\d-\d\d(T[\d:.]+Z?)?$/.test(text) ? new Date(text) : undefined;
  if (!date || Number.isNaN(date.getTime())) {
    throw new Error(`--expires takes a span (12h, 90d, 8w) or a date (2027-03-01); got "${text}".`);
  }
  return date;
}

async function add(keys: ApiKeys, name: string, options: { scope?: KeyScope; expiresAt?: Date }): Promise<number> {
  const made = await keys.add(name, options);
  const ends = options.expiresAt ? `, expires ${options.expiresAt.toISOString()}` : '';
  console.log(
    `Made a ${made.scope} key for the workspace "${made.workspace.name}" (${made.prefix}…${ends}), kept hashed in ${keys.path}.`,
  );
  console.log('It is shown once: give it to its holder now (Authorization: Bearer <key>, or the studio’s sign-in).');
  const waiting = await openData(dataDirFromEnv());
  if (waiting.jobs > 0 || waiting.folders.length > 0) {
    // From now on the service asks for a key, and no key reaches what was made without one.
    console.log(
      `Made before keys, and reached by no key until a workspace adopts it: ${openDataText(waiting)}. ` +
        `To give it to "${made.workspace.name}", stop the services and run: npm run keys -- adopt ${JSON.stringify(made.workspace.name)}`,
    );
  }
  console.log(made.key);
  return 0;
}

/** "3 projects, glossaries and saved voices", as a creator would say it. */
function openDataText({ jobs, folders }: AdoptedData): string {
  const names: Record<string, string> = {
    glossaries: 'glossaries',
    memory: 'translation memory',
    'voice-library': 'saved voices',
  };
  const parts = [
    ...(jobs > 0 ? [`${jobs} project${jobs === 1 ? '' : 's'}`] : []),
    ...folders.map((folder) => names[folder] ?? folder),
  ];
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
}

async function list(keys: ApiKeys): Promise<number> {
  const listed = await keys.list();
  if (listed.length === 0) {
    console.log('No keys: the service is open (on 127.0.0.1 only). Make one with: npm run keys -- add NAME');
    return 0;
  }
  for (const key of listed) console.log(describe(key));
  return 0;
}

async function revoke(keys: ApiKeys, nameOrPrefix: string): Promise<number> {
  const revoked = await keys.revoke(nameOrPrefix);
  for (const key of revoked) console.log(`Revoked ${describe(key)}`);
  return 0;
}

async function adopt(keys: ApiKeys, name: string): Promise<number> {
  const workspace = await keys.workspaceNamed(name);
  if (!workspace) {
    console.error(`No workspace is named "${name}": make it with npm run keys -- add ${JSON.stringify(name)}`);
    return 2;
  }
  const adopted = await adoptOpenData(dataDirFromEnv(), workspace);
  const folders = adopted.folders.length > 0 ? adopted.folders.join(', ') : 'no glossaries, memory or voices';
  console.log(`The workspace "${workspace.name}" now has ${adopted.jobs} jobs made before keys, and ${folders}.`);
  return 0;
}

function describe(key: KeyListing, now = new Date()): string {
  const expired = key.expiresAt !== undefined && Date.parse(key.expiresAt) <= now.getTime();
  const state = key.revokedAt ? `revoked ${key.revokedAt}` : expired ? `expired ${key.expiresAt!}` : 'active';
  const ends = key.expiresAt && !expired ? `  expires ${key.expiresAt}` : '';
  const used = key.lastUsedAt ? `  last used ${key.lastUsedAt}` : '  never used';
  return `${key.prefix}…  ${key.workspace.name}  ${key.scope}  made ${key.createdAt}${ends}${used}  ${state}`;
}

async function plan(keys: ApiKeys, name: string, planName: string): Promise<number> {
  if (!isPlanName(planName)) {
    console.error(`A plan is one of ${PLAN_NAMES.join(', ')}; got "${planName}".`);
    return 2;
  }
  const workspace = await keys.setPlan(name, planName);
  console.log(`"${workspace.name}" is on the ${planName} plan.`);
  return usage(keys, workspace.name);
}

async function topUp(keys: ApiKeys, name: string, minutesText: string): Promise<number> {
  const minutes = Number(minutesText);
  if (!Number.isFinite(minutes) || minutes <= 0) {
    console.error(`Minutes to add are a positive number; got "${minutesText}".`);
    return 2;
  }
  const workspace = await requireWorkspace(keys, name);
  await new UsageLedger(dataDirFromEnv()).topUp(workspace.id, minutes);
  console.log(`Added ${minutes} minutes to "${workspace.name}" for this month.`);
  return usage(keys, workspace.name);
}

async function usage(keys: ApiKeys, name: string): Promise<number> {
  const workspace = await requireWorkspace(keys, name);
  const status = await new Allowance(keys, new UsageLedger(dataDirFromEnv())).statusOf(workspace.id);
  const { plan: allowance } = status;
  const of = allowance.minutesPerMonth === undefined ? '' : ` of ${allowance.minutesPerMonth + status.topUpMinutes}`;
  const left = status.leftMinutes === undefined ? 'no limit' : `${status.leftMinutes} left`;
  const languages = `${status.languages.length}${allowance.languages === undefined ? '' : ` of ${allowance.languages}`}`;
  const seats = `${status.seatsUsed}${allowance.seats === undefined ? '' : ` of ${allowance.seats}`}`;
  console.log(
    `${workspace.name}: ${allowance.name} plan; ${status.month}: ${status.usedMinutes}${of} minutes used (${left}), ` +
      `${languages} languages (${status.languages.join(', ') || 'none'}), ${seats} seats; resets ${status.resetsAt.toISOString()}`,
  );
  return 0;
}

async function requireWorkspace(keys: ApiKeys, name: string): Promise<WorkspaceRef> {
  const workspace = await keys.workspaceNamed(name);
  if (!workspace) throw new Error(`No workspace is named "${name}": npm run keys -- list shows them.`);
  return workspace;
}

async function listSessions(): Promise<number> {
  const listed = await new Sessions(dataDirFromEnv(), sessionLifetimeFromEnv()).list();
  if (listed.length === 0) console.log('No one is signed in to the studio.');
  for (const session of listed) console.log(describeSession(session));
  return 0;
}

async function endSessions(wanted: string): Promise<number> {
  const ended = await new Sessions(dataDirFromEnv(), sessionLifetimeFromEnv()).endMatching(wanted);
  for (const session of ended) console.log(`Ended ${describeSession(session)}`);
  return 0;
}

function describeSession(session: SessionListing): string {
  return (
    `${session.prefix}…  ${session.workspace.name}  key ${session.keyPrefix}…  signed in ${session.createdAt}  ` +
    `last seen ${session.lastSeenAt}  ends ${session.expiresAt}`
  );
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
