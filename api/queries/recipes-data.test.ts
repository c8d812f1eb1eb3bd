import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RECIPE_CATEGORIES as CATEGORIES, RECIPE_DIFFICULTIES as DIFFICULTIES, Recipe, type RecipeCategory } from '../contract/recipes';
import { wineIdForProductNumber } from '../contract/wine-id';
import { RECIPES } from './recipes';

interface SystembolagetWineRow {
  productNumber: string;
  name: string;
}

// The repository's copy of the wine data (db/data/README.md).
const WINES_FILE = new URL('../../db/data/systembolaget-wines.json', import.meta.url);
const PUBLIC_DIR = new URL('../../pwa/public/', import.meta.url);

function readWineRows(): SystembolagetWineRow[] {
  return JSON.parse(readFileSync(WINES_FILE, 'utf8')) as SystembolagetWineRow[];
}

function publicFile(publicPath: string): URL {
  return new URL(publicPath.replace(/^\//, ''), PUBLIC_DIR);
}

describe('RECIPES', () => {
  it('holds at least 12 recipes with unique ids', () => {
    expect(RECIPES.length).toBeGreaterThanOrEqual(12);
    const ids = RECIPES.map((recipe) => recipe.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Each fits the answer's documented shape (GET /api/recipes).
    for (const recipe of RECIPES) expect(Recipe.parse(recipe)).toEqual(recipe);
  });

  it('uses kebab-case ASCII slugs as ids', () => {
    for (const recipe of RECIPES) {
      expect(recipe.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it('gives every recipe a valid category and difficulty', () => {
    for (const recipe of RECIPES) {
      expect(CATEGORIES).toContain(recipe.category);
      expect(DIFFICULTIES).toContain(recipe.difficulty);
    }
  });

  it('offers starters, main courses and desserts at every difficulty', () => {
    const count = (category: RecipeCategory): number => RECIPES.filter((recipe) => recipe.category === category).length;
    expect(count('Förrätt')).toBeGreaterThanOrEqual(3);
    expect(count('Huvudrätt')).toBeGreaterThanOrEqual(7);
    expect(count('Dessert')).toBeGreaterThanOrEqual(3);
    for (const difficulty of DIFFICULTIES) {
      expect(RECIPES.some((recipe) => recipe.difficulty === difficulty)).toBe(true);
    }
  });

  it('states servings and cooking time as positive whole numbers', () => {
    for (const recipe of RECIPES) {
      expect(Number.isInteger(recipe.servings) && recipe.servings > 0, `${recipe.id} servings`).toBe(true);
      expect(Number.isInteger(recipe.cookingTime) && recipe.cookingTime > 0, `${recipe.id} cookingTime`).toBe(true);
    }
  });

  it('has the text a recipe card and page need', () => {
    for (const recipe of RECIPES) {
      expect(recipe.title.trim(), recipe.id).not.toBe('');
      expect(recipe.description.trim(), recipe.id).not.toBe('');
      expect(recipe.wineNote.trim(), recipe.id).not.toBe('');
      expect(recipe.tags.length, `${recipe.id} tags`).toBeGreaterThanOrEqual(3);
      expect(recipe.tags.length, `${recipe.id} tags`).toBeLessThanOrEqual(5);
      for (const tag of recipe.tags) expect(tag).toBe(tag.toLocaleLowerCase('sv-SE'));
      expect(recipe.ingredients.length, `${recipe.id} ingredients`).toBeGreaterThan(0);
      expect(recipe.steps.length, `${recipe.id} steps`).toBeGreaterThanOrEqual(3);
      expect(recipe.steps.length, `${recipe.id} steps`).toBeLessThanOrEqual(7);
    }
  });

  it('recommends one to three different wines for every recipe', () => {
    for (const recipe of RECIPES) {
      expect(recipe.wineIds.length, recipe.id).toBeGreaterThanOrEqual(1);
      expect(recipe.wineIds.length, recipe.id).toBeLessThanOrEqual(3);
      expect(new Set(recipe.wineIds).size, recipe.id).toBe(recipe.wineIds.length);
    }
  });

  it('recommends only wines that exist in the Systembolaget data', () => {
    const knownIds = new Set(readWineRows().map((row) => wineIdForProductNumber(row.productNumber)));
    expect(knownIds.size).toBeGreaterThan(1000);
    for (const recipe of RECIPES) {
      for (const wineId of recipe.wineIds) {
        expect(knownIds.has(wineId), `${recipe.id}: ${wineId}`).toBe(true);
      }
    }
  });

  it('points every image to its own illustration under pwa/public', () => {
    for (const recipe of RECIPES) {
      expect(recipe.image).toBe(`/images/recipes/${recipe.id}.svg`);
      expect(existsSync(publicFile(recipe.image)), recipe.image).toBe(true);
    }
  });

  it('uses small self-contained SVG illustrations without text', () => {
    for (const recipe of RECIPES) {
      const file = publicFile(recipe.image);
      const svg = readFileSync(file, 'utf8');
      expect(statSync(file).size, recipe.image).toBeLessThan(3 * 1024);
      expect(svg, recipe.image).toContain('viewBox="0 0 400 300"');
      expect(svg, recipe.image).not.toMatch(/<text|<script|<image|href="(?!#)/);
      expect(svg.replace('http://www.w3.org/2000/svg', ''), recipe.image).not.toMatch(/https?:/);
    }
  });
});
