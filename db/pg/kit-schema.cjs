// drizzle-kit takes the tables of a schema file from its exports, one export per table. The PostgreSQL tables are
// computed from db/schema (schema.ts), and only a CommonJS module can export a computed set of names.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS for the reason above
module.exports = require('./schema.ts').pgTables;
