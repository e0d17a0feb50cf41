/**
 * `npm run admin -- grant <email|uid>`, `revoke <email|uid>`, `list`: names and unnames the site's administrators
 * (lib/data/moderation/administrators.ts) with the server's own environment (MONGODB_URI and the Firebase service
 * account, or the auth emulator's host). Inside the Docker image, where there is no npm: `node admin.cjs grant …`.
 * Bundled by scripts/admin.mjs, so it runs where only the production dependencies are, and from the standalone output.
 */
import { hostname, userInfo } from 'node:os';
import { dbDisconnect } from '@/lib/db';
import { AdminCommandError, grantAdministrator, listAdministrators, revokeAdministrator } from '@/lib/data/moderation/administrators';
import { EnvError } from '@/lib/env';

const USAGE = 'usage: npm run admin -- grant <email|uid> | revoke <email|uid> | list   (in the image: node admin.cjs …)';

/** Who ran the command, for the record: the operating system's user on this host. */
function operator(): string {
  let name = 'unknown';
  try {
    name = userInfo().username;
  } catch {
    // A container's uid without a passwd entry has no name.
  }
  return `${name}@${hostname()}`;
}

async function main([command, who, ...rest]: string[]): Promise<number> {
  if (command === 'list' && who === undefined) {
    const entries = await listAdministrators();
    if (entries.length === 0) console.log('no administrators named by this command (the environment may name others)');
    for (const entry of entries) {
      const last = entry.history.at(-1);
      console.log(
        `${entry.active ? 'administrator' : 'revoked      '}  ${entry.email ?? '(no email)'}  ${entry.uid}` +
          (last ? `  ${last.change} by ${last.by} at ${last.at.toISOString()}` : ''),
      );
    }
    return 0;
  }
  if ((command !== 'grant' && command !== 'revoke') || !who || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const change = await (command === 'grant' ? grantAdministrator : revokeAdministrator)(who, operator(), new Date());
  console.log(change.message);
  return 0;
}

main(process.argv.slice(2))
  .then(async (code) => {
    await dbDisconnect();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    // What the operator can fix is said plainly; anything else (Firebase or the database unreachable) as it is.
    if (error instanceof AdminCommandError || error instanceof EnvError) console.error(error.message);
    else console.error('admin: the command failed:', error);
    await dbDisconnect().catch(() => undefined);
    process.exit(error instanceof AdminCommandError || error instanceof EnvError ? 2 : 1);
  });
