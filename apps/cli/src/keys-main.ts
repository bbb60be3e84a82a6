import { dataDirFromEnv } from '@voxlate/dubber';
import { adoptOpenData, openData, type AdoptedData } from '@voxlate/jobs';
import { ApiKeys, type KeyListing } from '@voxlate/workspace';

const USAGE = `Usage: npm run keys -- add NAME | list | revoke NAME|KEY-PREFIX | adopt NAME

  add NAME       makes a key for the workspace NAME (made when new) and prints it once, as the last line.
                 A workspace may have several keys (one per teammate or machine, or one to rotate to).
  list           every key: its workspace, its prefix, when it was made and revoked. Keys are kept
                 hashed (SHA-256): a lost key cannot be shown again, only revoked and replaced.
  revoke X       revokes the key starting with X (as list shows it), or every key of the workspace X.
                 Every service sharing the data folder refuses it within seconds. The workspace's jobs
                 and data stay: a new key for the same name opens them again.
  adopt NAME     gives the workspace NAME what was made before keys were in use (jobs, glossaries,
                 translation memory, saved voices), which no key reaches otherwise. Stop the
                 services first.

Once one key exists, the service asks for a key on every request (the studio shows a sign-in page).
Settings: VOXLATE_DATA_DIR (the data folder the services and workers share).`;

/** `npm run keys`: the API keys and workspaces of the installation's data folder. */
async function main([command, argument, ...rest]: string[]): Promise<number> {
  const keys = new ApiKeys(dataDirFromEnv());
  if (command === 'list' && argument === undefined) return list(keys);
  if (command === 'add' && argument !== undefined && rest.length === 0) return add(keys, argument);
  if (command === 'revoke' && argument !== undefined && rest.length === 0) return revoke(keys, argument);
  if (command === 'adopt' && argument !== undefined && rest.length === 0) return adopt(keys, argument);
  console.error(USAGE);
  return 2;
}

async function add(keys: ApiKeys, name: string): Promise<number> {
  const made = await keys.add(name);
  console.log(`Made a key for the workspace "${made.workspace.name}" (${made.prefix}…), kept hashed in ${keys.path}.`);
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

function describe(key: KeyListing): string {
  const state = key.revokedAt ? `revoked ${key.revokedAt}` : 'active';
  return `${key.prefix}…  ${key.workspace.name}  made ${key.createdAt}  ${state}`;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
