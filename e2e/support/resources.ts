import type { Page } from '@playwright/test';

/** The paths of the files the page fetched whose names match `name` (its scripts: `/\.js$/`), sorted. */
export function fetchedFiles(page: Page, name: RegExp): Promise<string[]> {
  return page.evaluate(
    (source) =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => new RegExp(source).test(path))
        .sort(),
    name.source,
  );
}
