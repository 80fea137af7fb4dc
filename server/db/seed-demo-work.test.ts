import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp } from '../test-app';
import type { Db } from './database';
import { seedDemoWork } from './seed-demo-work';

let db: Db | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
});

describe('demo work (outside production)', () => {
  it('gives every staff screen something real: 32 buyers over the stages and hunters, 24 leads, once', async () => {
    const made = await makeTestApp({ seed: true });
    db = made.db;
    expect(await seedDemoWork(made.db)).toBe(true);
    const projects = await made.db
      .selectFrom('buyer_project')
      .select(['stage', 'hunter_id', 'version'])
      .execute();
    expect(projects.length).toBeGreaterThanOrEqual(30);
    expect(new Set(projects.map((p) => p.stage)).size).toBe(9);
    expect(new Set(projects.map((p) => p.hunter_id)).size).toBeGreaterThanOrEqual(4); // 3 hunters + nobody
    const moves = await made.db.selectFrom('project_stage_move').select('id').execute();
    expect(moves.length).toBeGreaterThan(30);
    const leads = await made.db
      .selectFrom('owner_contact')
      .select(['lead_status', 'assigned_to'])
      .execute();
    expect(leads.length).toBeGreaterThanOrEqual(20);
    expect(new Set(leads.map((l) => l.lead_status)).size).toBe(5);
    expect(leads.some((l) => l.assigned_to === null)).toBe(true);
    // The lists read them through their copies (migration 0010's triggers).
    const staffView = await made.db
      .selectFrom('buyer_project')
      .select('search_text')
      .where('search_text', '=', '')
      .execute();
    expect(staffView).toHaveLength(0);
    expect(await seedDemoWork(made.db)).toBe(false);
  });
});
