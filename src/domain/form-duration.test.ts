import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  OWNER_QUESTIONNAIRE_MINUTES,
  SIGNUP_MINUTES,
  formLengthText,
  minutesText,
  questionCount,
} from './form-duration';

describe('form durations', () => {
  it('says the spec’s sign-up pitch, 3 minutes, for both long forms', () => {
    expect(SIGNUP_MINUTES).toBe(3);
    expect(OWNER_QUESTIONNAIRE_MINUTES).toBe(SIGNUP_MINUTES);
  });

  it('keeps a number with its word', () => {
    expect(minutesText(3)).toBe('3\u00a0minutes');
    expect(minutesText(1)).toBe('1\u00a0minute');
    expect(formLengthText(15, 3)).toBe('15\u00a0questions, environ 3\u00a0minutes');
  });

  it('counts the steps of a flow’s phases', () => {
    expect(questionCount([{ first: 2, last: 12 }])).toBe(11);
    expect(
      questionCount([
        { first: 2, last: 12 },
        { first: 13, last: 15 },
        { first: 16, last: 16 },
      ]),
    ).toBe(15);
    expect(questionCount([])).toBe(0);
  });

  it('is the only place a page states how long a form takes', () => {
    const root = path.resolve('src');
    const offences: string[] = [];
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name))
        continue;
      const file = path.join(entry.parentPath, entry.name);
      const relative = path.relative(root, file).split(path.sep).join('/');
      // The content pages' Markdown has its own test (src/features/public-site/content).
      if (relative.startsWith('features/staff-area/')) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          // '3 minutes', '3&nbsp;minutes', '15 questions' written out, outside comments.
          if (/^\s*(\*|\/\/|\/\*|\{\/\*)/.test(line)) return;
          if (/\d(\s|&nbsp;|\\u00a0)+(minutes?|questions)\b/.test(line))
            offences.push(`${relative}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offences).toEqual([]);
  });
});
