import type { Knex } from 'knex';

// For the knex CLI (`npx knex migrate:latest` etc.) against DATABASE_URL. The app itself migrates on start
// (api/server.ts), also on the embedded Postgres.
const config: Knex.Config = {
  client: 'pg',
  connection: process.env.DATABASE_URL,
  migrations: { directory: './db/migrations', extension: 'ts', loadExtensions: ['.ts'] },
};

export default config;
