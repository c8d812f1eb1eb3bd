import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { recipePath } from '../contract/seo';
import { RECIPES, RECIPES_REVISION } from './recipes';

describe('RECIPES_REVISION', () => {
  it('fingerprints the collection as it is: change a recipe, then set updatedOn to that day and the new sha256', () => {
    const sha256 = createHash('sha256').update(JSON.stringify(RECIPES)).digest('hex');
    expect(sha256, `RECIPES changed: set RECIPES_REVISION.updatedOn to today and sha256 to ${sha256}`).toBe(RECIPES_REVISION.sha256);
  });

  it('is a calendar date no later than today', () => {
    expect(RECIPES_REVISION.updatedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${RECIPES_REVISION.updatedOn}T00:00:00Z`).getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('recipePath', () => {
  it("is the recipe's own page under /recept, one path segment", () => {
    expect(recipePath({ id: 'toast-skagen' })).toBe('/recept/toast-skagen');
    for (const recipe of RECIPES) expect(recipePath(recipe)).toMatch(/^\/recept\/[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});
