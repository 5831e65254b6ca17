import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/clean-console.js';
import { logInContext, registerViaApi } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { answerConsent } from '../support/consent.js';
import { expectNoHorizontalOverflow } from '../support/layout.js';
import { openLessonsById, showLesson } from '../support/lesson-card.js';

test.beforeEach(async ({ context, baseURL }) => {
  await answerConsent(context, baseURL!);
});

const chooseSkills = async (request: APIRequestContext, token: string) => {
  const response = await request.post('/api/focus', {
    headers: { 'x-auth-token': token },
    data: {
      skillSelfRating: [
        { skillName: 'grooves', selected: true, level: 'beginner' },
        { skillName: 'timing', selected: true, level: 'starter' },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
};

const lessonCard = (page: Page) => page.locator('section.lesson-card');
const lessonTitle = (page: Page) => lessonCard(page).getByRole('heading', { level: 2 }).first();
const notation = (page: Page) => lessonCard(page).getByRole('img', { name: /^Notation of / });

/** The card's top (focus, stopwatch, title) lies inside the window, below the sticky header. */
const expectCardTopInView = async (page: Page) => {
  await expect(lessonCard(page).getByRole('timer')).toBeInViewport();
  await expect(lessonTitle(page)).toBeInViewport();
  const { headerBottom, timerTop } = await page.evaluate(() => ({
    headerBottom: document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0,
    timerTop: document.querySelector('.lesson-card [role="timer"]')?.getBoundingClientRect().top ?? -1,
  }));
  expect(timerTop, 'the stopwatch is not hidden under the sticky header').toBeGreaterThanOrEqual(
    headerBottom,
  );
};

/** The notation is drawn under the lesson's title, with every written note marked with its grid step. */
const expectNotationUnderTitle = async (page: Page) => {
  const title = (await lessonTitle(page).textContent())!.trim();
  await expect(notation(page)).toBeVisible({ timeout: 20_000 });
  await expect(notation(page)).toHaveAttribute(
    'aria-label',
    new RegExp(`^Notation of ${escape(title)}: \\d+/\\d+ time, \\d+ bars?$`),
  );
  const titleBox = (await lessonTitle(page).boundingBox())!;
  const notationBox = (await notation(page).boundingBox())!;
  expect(notationBox.y).toBeGreaterThanOrEqual(titleBox.y + titleBox.height);
  expect(notationBox.height).toBeGreaterThan(40);
  const notes = notation(page).locator('g.vf-stavenote[class*="step-"]');
  expect(await notes.count()).toBeGreaterThan(0);
  // The staff fits the card: no system is cut off or wider than the notation.
  const systems = await notation(page)
    .locator('svg')
    .evaluateAll((svgs) =>
      svgs.map((svg) => {
        const box = svg.getBoundingClientRect();
        const frame = svg.closest('.notation__music')!.getBoundingClientRect();
        return { left: box.left - frame.left, right: frame.right - box.right };
      }),
    );
  for (const system of systems) {
    expect(system.left).toBeGreaterThanOrEqual(-1);
    expect(system.right).toBeGreaterThanOrEqual(-1);
  }
  // The key, as the PDF prints it (the drums used and the marks), folded below the music.
  const key = await openKey(page);
  expect(await key.getByRole('listitem').count()).toBeGreaterThan(0);
};

/** The key folds away below the music; a drummer opens it to read it. */
const openKey = async (page: Page) => {
  const key = lessonCard(page).getByRole('group', { name: 'Key' });
  if ((await key.getAttribute('open')) === null) await key.locator('summary').click();
  await expect(key.getByRole('listitem').first()).toBeVisible();
  return key;
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const width of [320, 375, 1280] as const) {
  test(`at ${width} px the lesson card shows the notation under the title and its key, opens at its top on start and resume, and shows no video frame`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width < 1280 ? 740 : 900 });
    const account = await registerViaApi(request);
    await chooseSkills(request, account.token);
    await logInContext(context, baseURL!, account.token);

    await page.goto('/launch-overview');
    await page.getByRole('button', { name: 'Grooves' }).click();
    await page.getByLabel('Minutes').fill('30');
    await page.getByRole('button', { name: 'Drum Kit' }).first().click();

    await expect(page.getByRole('button', { name: 'warmed up' })).toBeVisible();
    await expectCardTopInView(page);
    await expectNotationUnderTitle(page);

    // No lesson has a real video (lesson-videos.json is empty): no frame, no consent notice in its place.
    await expect(page.locator('.lesson-video')).toHaveCount(0);
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Accept to load video' })).toHaveCount(0);

    await expectNoHorizontalOverflow(page, `lesson card at ${width} px`);
    await expectNoSeriousA11yViolations(page);
    await lessonCard(page).screenshot({ path: `test-results/notation-${width}.png` });

    // Past the warm-ups to the first groove: a drum-kit staff (hands up, feet down), its key, no sideways scrolling.
    for (let turn = 0; await page.getByRole('button', { name: 'warmed up' }).isVisible(); turn++) {
      expect(turn, 'a groove follows the warm-up block').toBeLessThan(6);
      await page.getByRole('button', { name: 'warmed up' }).click();
      await page.getByRole('button', { name: 'evaluate lesson' }).click();
      await expect(page.getByRole('button', { name: /^(warmed up|evaluate lesson)$/ })).toBeVisible();
    }
    await expect(lessonCard(page).getByText('Grooves', { exact: true })).toBeVisible();
    await expectNotationUnderTitle(page);
    await expect(await openKey(page)).toContainText('Bass drum (1st space)');
    await expectNoHorizontalOverflow(page, `groove at ${width} px`);
    await lessonCard(page).screenshot({ path: `test-results/notation-${width}-groove.png` });

    // While the pattern plays, the count-in shows as such, then the notes sounding now are lit.
    await lessonCard(page).getByRole('button', { name: 'Play pattern' }).click();
    await expect(lessonCard(page).locator('.notation__beats--count-in')).toContainText('Count-in');
    await expect(notation(page).locator('g.vf-stavenote.is-sounding').first()).toBeAttached({
      timeout: 20_000,
    });
    await expect(lessonCard(page).locator('.notation__bar')).toHaveCount(1);
    await lessonCard(page).screenshot({ path: `test-results/notation-${width}-playing.png` });

    // Resuming after a reload opens the card at its top again.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Resume Practice' })).toBeVisible();
    await page.getByRole('button', { name: 'Resume', exact: true }).click();
    await expect(page.getByRole('button', { name: /^(warmed up|evaluate lesson)$/ })).toBeVisible();
    await expectCardTopInView(page);
    await expectNotationUnderTitle(page);
  });
}

/** Each list of the key: its lines' gaps (top of one to bottom of the one before), its row gap, how much taller each line is than its text. */
const keyRowGaps = (page: Page) =>
  lessonCard(page)
    .locator('.notation__key-columns ul')
    .evaluateAll((lists) =>
      lists.map((list) => {
        const items = [...list.children].map((item) => item.getBoundingClientRect());
        // A stretched row is taller than its lines of text.
        const extra = [...list.children].map((item) => {
          const text = document.createRange();
          text.selectNodeContents(item);
          const lines = new Set([...text.getClientRects()].map((rect) => Math.round(rect.top))).size;
          const lineHeight = parseFloat(getComputedStyle(item).lineHeight);
          return item.getBoundingClientRect().height - lines * lineHeight;
        });
        return {
          gaps: items.slice(1).map((item, index) => item.top - items[index]!.bottom),
          rowGap: parseFloat(getComputedStyle(list).rowGap),
          extra,
        };
      }),
    );

for (const width of [375, 1280] as const) {
  test(`at ${width} px the key of an open hi-hat groove explains the hi-hat, its o and its + once, each column packed without empty rows`, async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width < 1280 ? 667 : 900 });
    // A rock groove with the open hi-hat on 4&, then a jazz ride with the hi-hat foot on a feathered bass drum.
    await openLessonsById(page, context, request, baseURL!, [701029, 740007]);
    const key = await openKey(page);
    await expect(key.getByRole('listitem')).toHaveText([
      'Hi-hat (x above the top line)',
      'Snare (3rd space)',
      'Bass drum (1st space)',
      'o above a hi-hat note: open hi-hat',
      '+ above a hi-hat note: closed again after an open hi-hat',
    ]);
    for (const list of await keyRowGaps(page)) {
      for (const extra of list.extra)
        expect(extra, 'a line of the key is as tall as its lines of text').toBeLessThanOrEqual(1);
      for (const gap of list.gaps)
        expect(gap, 'a line of the key follows the one before').toBeLessThanOrEqual(list.rowGap + 1);
    }
    await key.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`key-701029-${width}.png`) });
    await lessonCard(page).screenshot({ path: testInfo.outputPath(`card-701029-${width}.png`) });
    await showLesson(page, 1);
    await expect((await openKey(page)).getByRole('listitem')).toHaveText([
      'Ride (x on the top line)',
      'Snare (3rd space)',
      'Bass drum (1st space)',
      'Hi-hat foot (x below the staff)',
      '( ) around a note: ghost note, very soft',
    ]);
    await notation(page).screenshot({ path: testInfo.outputPath(`music-740007-${width}.png`) });
  });
}

test('the public pages promise no videos the product does not have', async ({ page }) => {
  for (const path of ['/', '/about-us']) {
    await page.goto(path);
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text, path).not.toMatch(/film/i);
    expect(text, path).not.toMatch(/video/i);
  }
});
