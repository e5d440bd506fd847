import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server of the integration tests (trust authentication); PG_URL points elsewhere. */
export const PG_SERVER = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_SERVER });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty database of its own for one test file (runs in parallel share the server), dropped by `drop()`. */
export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(`create database "${name}"`);
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // force: a connection the test failed to close must not keep the database behind.
    drop: () => onServer(`drop database if exists "${name}" with (force)`),
  };
}
