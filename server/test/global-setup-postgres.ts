import { prepareTemplateDatabase } from './helpers/test-database.ts';

export default async function setup(): Promise<void> {
  await prepareTemplateDatabase();
}
