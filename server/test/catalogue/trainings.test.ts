import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, getAs, signIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('trainings/ and trainings/{id}/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const complete = (access: string, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/trainings/${id}/`, headers: bearer(access) });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/trainings/' })).statusCode).toBe(401);
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await t.app.inject({ method: 'POST', url: `/api/trainings/${id}/` })).statusCode).toBe(401);
  });

  it('lists the required trainings, followed by the demo physician', async () => {
    const { access } = await signIn(t, 'physician@cardiomap.test');
    const res = await getAs(t, access, '/api/trainings/');
    expect(res.statusCode).toBe(200);
    const results = res.json().results;
    expect(results.map((r: { interventionPrefix: string }) => r.interventionPrefix)).toEqual(['LAAO', 'TAVI']);
    expect(results.every((r: { userFollowedTraining: boolean }) => r.userFollowedTraining)).toBe(true);
  });

  it('lets the trainee complete a training, once, and shows it followed', async () => {
    const { access } = await signIn(t, 'trainee-physician@cardiomap.test');
    const [tavi] = (await getAs(t, access, '/api/trainings/'))
      .json()
      .results.filter((r: { interventionPrefix: string }) => r.interventionPrefix === 'TAVI');
    expect(tavi.userFollowedTraining).toBe(false);
    const done = await complete(access, tavi.id);
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({ id: tavi.id, userFollowedTraining: true });
    expect((await complete(access, tavi.id)).statusCode).toBe(201);
    const after = (await getAs(t, access, '/api/trainings/')).json().results;
    expect(after.find((r: { id: string }) => r.id === tavi.id).userFollowedTraining).toBe(true);
    expect(
      after.find((r: { interventionPrefix: string }) => r.interventionPrefix === 'LAAO').userFollowedTraining,
    ).toBe(false);
  });

  it('answers 404 for an unknown training and 400 for a malformed id', async () => {
    const { access } = await signIn(t, 'trainee-physician@cardiomap.test');
    const unknown = await complete(access, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    const malformed = await complete(access, 'nope');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ trainingId: ['Must be a valid UUID.'] });
  });
});
