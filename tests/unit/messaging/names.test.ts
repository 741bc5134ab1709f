/**
 * A message's name says who sends it and who answers. Content → background names start
 * `content/`, background → content `to-content/`, background → UI `event/`; every other name is a UI → background
 * request. A name in the wrong family (or in two) fails here, so a reader of `type: '…'` anywhere knows who sent it.
 */
import { describe, expect, it } from 'vitest';
import { BackgroundToContentSchema } from '@/lib/messaging/background-to-content';
import { EventSchema } from '@/lib/messaging/background-to-ui';
import { ContentMessageSchema } from '@/lib/messaging/content-to-background';
import { requests } from '@/lib/messaging/ui-to-background';

function namesOf(union: { options: readonly { shape: { type: { value: string } } }[] }): string[] {
  return union.options.map((option) => option.shape.type.value);
}

const families = {
  'content → background': { names: namesOf(ContentMessageSchema as never), prefix: 'content/' },
  'background → content': { names: namesOf(BackgroundToContentSchema as never), prefix: 'to-content/' },
  'background → UI': { names: namesOf(EventSchema as never), prefix: 'event/' },
};
const reserved = Object.values(families).map((family) => family.prefix);

describe('message names carry their direction', () => {
  it.each(Object.entries(families))('%s: every name starts with its prefix', (_direction, family) => {
    expect(family.names.length).toBeGreaterThan(0);
    for (const name of family.names) expect(name.startsWith(family.prefix), name).toBe(true);
  });

  it('UI → background requests use none of the other directions’ prefixes', () => {
    const names = Object.keys(requests);
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) {
      for (const prefix of reserved) expect(name.startsWith(prefix), `${name} looks like ${prefix}*`).toBe(false);
    }
  });

  it('no name belongs to two directions', () => {
    const all = [...Object.keys(requests), ...Object.values(families).flatMap((family) => family.names)];
    expect(new Set(all).size).toBe(all.length);
  });
});
