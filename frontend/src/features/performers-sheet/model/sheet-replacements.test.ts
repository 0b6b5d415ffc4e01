import {
  carryReplacements,
  shiftReplacements,
  textSegments,
  type TextSpan,
} from './sheet-replacements';

type SheetReplacement = TextSpan & { kind: string };

const TEXT = 'I saw someone write to an email address at night.';
const NAME: SheetReplacement = { offset: 6, length: 7, kind: 'name' };
const EMAIL: SheetReplacement = { offset: 23, length: 16, kind: 'email' };

describe('the replacements kept in place while the operator edits', () => {
  it('moves those after an edit and keeps those before it', () => {
    const after = TEXT.replace('write', 'quickly write');
    expect(shiftReplacements(TEXT, after, [NAME, EMAIL])).toEqual([
      NAME,
      { ...EMAIL, offset: EMAIL.offset + 8 },
    ]);
    expect(after.slice(EMAIL.offset + 8, EMAIL.offset + 8 + EMAIL.length)).toBe('an email address');
  });

  it('grows or shrinks the one whose word the operator changes', () => {
    const after = TEXT.replace('someone', 'a friend');
    const [name, email] = shiftReplacements(TEXT, after, [NAME, EMAIL]);
    expect(after.slice(name!.offset, name!.offset + name!.length)).toBe('a friend');
    expect(after.slice(email!.offset, email!.offset + email!.length)).toBe('an email address');
  });

  it('drops one the operator writes across', () => {
    const after = TEXT.replace('someone write', 'them');
    expect(shiftReplacements(TEXT, after, [NAME, EMAIL]).map((r) => r.kind)).toEqual(['email']);
  });

  it('drops one deleted whole', () => {
    const after = TEXT.replace(' to an email address', '');
    expect(shiftReplacements(TEXT, after, [NAME, EMAIL])).toEqual([NAME]);
  });
});

describe('the text in stretches for highlighting', () => {
  it('marks each replacement and keeps the rest as it is', () => {
    expect(textSegments(TEXT, [EMAIL, NAME])).toEqual([
      { text: 'I saw ' },
      { text: 'someone', span: NAME },
      { text: ' write to ' },
      { text: 'an email address', span: EMAIL },
      { text: ' at night.' },
    ]);
  });

  it('ignores a replacement outside the text', () => {
    expect(textSegments('short', [EMAIL])).toEqual([{ text: 'short' }]);
  });
});

describe('the replacements carried onto a text changed in many places', () => {
  it('follows every change, keeping the neutral words the operator changed', () => {
    const after = 'Tonight I saw a friend write slowly to an email address, late at night.';
    const carried = carryReplacements(TEXT, after, [NAME, EMAIL]);
    expect(carried.map((r) => after.slice(r.offset, r.offset + r.length))).toEqual([
      'a friend',
      'an email address',
    ]);
    expect(carried.map((r) => r.kind)).toEqual(['name', 'email']);
  });

  it('drops one the operator wrote across, and keeps the others in place', () => {
    const after = 'Late, I saw someone call them at night!';
    const carried = carryReplacements(TEXT, after, [NAME, EMAIL]);
    expect(carried).toEqual([{ ...NAME, offset: 12 }]);
    expect(after.slice(12, 19)).toBe('someone');
  });

  it('keeps every span of an unchanged text', () => {
    expect(carryReplacements(TEXT, TEXT, [NAME, EMAIL])).toEqual([NAME, EMAIL]);
  });

  it('follows edits at both ends of a long dream, and in its middle', () => {
    const middle = 'the river sang and '.repeat(100);
    const before = `${middle}${TEXT} ${middle}`;
    const name = { ...NAME, offset: NAME.offset + middle.length };
    const email = { ...EMAIL, offset: EMAIL.offset + middle.length };
    const after = `Once, ${middle.replace('sang', 'hummed')}${TEXT.replace('someone', 'a friend')} ${middle}the end.`;
    const carried = carryReplacements(before, after, [name, email]);
    expect(carried.map((r) => after.slice(r.offset, r.offset + r.length))).toEqual([
      'a friend',
      'an email address',
    ]);
  });
});
