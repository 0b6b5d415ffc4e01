import {
  describe as describeScore,
  parseLine,
  percent,
  readSet,
  scoreSet,
} from './anonymiser-set/score';

/**
 * The performers' sheet's anonymiser on its labelled set (test/day-of-show/anonymiser-set):
 * prints the three figures of issue 51 for the development half and the held-out half, and
 * holds each half to the goals.
 */
describe("the anonymiser's labelled set", () => {
  const dev = readSet('dev');
  const heldOut = readSet('held-out');

  it('has at least 150 dreams, 50 a language, each author with a name, an email and a phone', () => {
    const all = [...dev, ...heldOut];
    expect(all.length).toBeGreaterThanOrEqual(150);
    for (const language of ['en', 'it', 'ro'] as const) {
      expect({
        language,
        count: all.filter((dream) => dream.language === language).length >= 50,
      }).toEqual({
        language,
        count: true,
      });
    }
    for (const dream of all) {
      expect({
        source: dream.source,
        complete: [dream.author.name, dream.author.email, dream.author.phone].every(Boolean),
      }).toEqual({
        source: dream.source,
        complete: true,
      });
    }
  });

  it('reads its markup into labels at their places in the dream', () => {
    const dream = parseLine(
      'Ana Pop | a@b.ro | 0722 000 000 | [[k:Ieri]] [[a:Ana]] și [[o:Mihai]] la [[p:strada Mare 3]].',
      'ro',
      'x',
    );
    expect(dream.text).toBe('Ieri Ana și Mihai la strada Mare 3.');
    expect(
      dream.labels.map((label) => [label.kind, dream.text.slice(label.start, label.end)]),
    ).toEqual([
      ['keep', 'Ieri'],
      ['author', 'Ana'],
      ['other', 'Mihai'],
      ['place', 'strada Mare 3'],
    ]);
  });

  for (const [name, dreams] of [
    ['development set', dev],
    ['held-out set', heldOut],
  ] as const) {
    it(`meets the goals on the ${name}`, () => {
      const score = scoreSet(dreams);
      console.log(
        [
          ...describeScore(name, score),
          ...score.misses.map((miss) => `  missed (${miss.kind}) ${miss.source}: ${miss.text}`),
        ].join('\n'),
      );
      expect({
        authorUnmarked: percent(score.author.unmarked, score.author.total) <= 2,
        othersMarked: percent(score.others.marked, score.others.total) >= 90,
        ordinaryReplaced: percent(score.keep.replaced, score.keep.total) <= 3,
      }).toEqual({ authorUnmarked: true, othersMarked: true, ordinaryReplaced: true });
    });
  }
});
