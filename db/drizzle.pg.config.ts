import { defineConfig } from 'drizzle-kit';

// PostgreSQL's migrations, generated from the same schema as SQLite's (drizzle.config.ts) in its PostgreSQL form.
export default defineConfig({
  dialect: 'postgresql',
  schema: './pg/kit-schema.cjs',
  out: './migrations-pg',
});
