import { parseArgs } from 'node:util';
import { openDatabase } from '@console/db/client';
import { readEnv } from '@console/server/src/lib/env';
import { AdminError, createAdmin } from './lib/admin.ts';
import { ROOT } from './lib/processes.ts';

const USAGE = `usage: npm run create-admin -- --mobile <number> --password <password> [--org "<operator name>"]
         [--area-code 86] [--name "<person>"] [--ip <address the admin signs in from> ...]`;

/**
 * `npm run create-admin`: the first company administrator (role 2). With NODE_ENV=production no demo account
 * exists, so this is how an installation gets its first user. It works on any database.
 */
process.chdir(ROOT);
let args;
try {
  args = parseArgs({
    options: {
      mobile: { type: 'string' },
      password: { type: 'string' },
      org: { type: 'string' },
      'area-code': { type: 'string', default: '86' },
      name: { type: 'string' },
      ip: { type: 'string', multiple: true, default: [] },
    },
  }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (!args.mobile || !args.password) {
  console.error(USAGE);
  process.exit(2);
}

const env = readEnv();
const dbh = await openDatabase(env.DB_FILE);
try {
  const result = await createAdmin(dbh.db, {
    mobile: args.mobile,
    password: args.password,
    areaCode: args['area-code'],
    org: args.org,
    name: args.name,
    ips: args.ip,
  });
  if (result.orgCreated) console.log(`created the operator organisation "${result.org.name}"`);
  else if (args.org && args.org !== result.org.name)
    console.log(`the operator organisation is "${result.org.name}" (--org ignored)`);
  console.log(
    `created company administrator ${args.mobile} (role 2, user ${result.userId}) in ${dbh.engine === 'postgres' ? 'the DATABASE_URL database' : env.DB_FILE}`,
  );
  console.log('sign in at /login; this machine and the --ip addresses need no verification code on first sign-in');
} catch (error) {
  console.error(error instanceof AdminError ? error.message : error);
  process.exitCode = 1;
} finally {
  await dbh.close();
}
