import { expect, type Page } from '@playwright/test';

/** The phone, small-phone and tablet widths every page must fit without scrolling sideways. */
export const NARROW_WIDTHS = [320, 375, 768] as const;

/** A control that sticks out of its card or of the page, or whose own text is cut. */
interface LayoutProblem {
  control: string;
  problem: string;
}

/**
 * Fails when the page is wider than the window, when a visible control (button, link styled as a
 * button, field) leaves the card it sits in (the nearest element whose class is `card` or ends in
 * `-card`) or the window, or when a control's own text does not fit in it.
 */
export const expectNoHorizontalOverflow = async (page: Page, where = page.url()) => {
  // Charts follow a resize through a ResizeObserver, a frame or more after it (longer on a busy
  // machine): the page is judged once its layout has had the chance to settle, as a drummer turning
  // a phone sees it. A page that still overflows after that fails below, with its measures.
  await page
    .waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, null, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  const { scrollWidth, innerWidth, problems } = await page.evaluate(() => {
    const describe = (element: Element) => {
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const label = element.getAttribute('aria-label') ?? element.getAttribute('name') ?? '';
      return `<${element.tagName.toLowerCase()}> ${label || text}`.trim();
    };
    const isCard = (element: Element) =>
      [...element.classList].some((name) => name === 'card' || name.endsWith('-card'));
    const found: { control: string; problem: string }[] = [];
    const controls = document.querySelectorAll(
      'button, a.btn, input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]), select, textarea',
    );
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue; // not shown
      if (control.closest('[aria-hidden="true"], [inert]')) continue;
      // A slide scrolled out of its carousel is clipped by it, not sticking out of the page.
      let clipped = false;
      for (let box2 = control.parentElement; box2 && !clipped; box2 = box2.parentElement) {
        if (getComputedStyle(box2).overflowX === 'visible') continue;
        const clip = box2.getBoundingClientRect();
        clipped = box.right <= clip.left + 1 || box.left >= clip.right - 1;
      }
      if (clipped) continue;
      const name = describe(control);
      if (box.left < -1 || box.right > window.innerWidth + 1) {
        found.push({ control: name, problem: `leaves the window (${box.left}-${box.right})` });
      }
      let card = control.parentElement;
      while (card && !isCard(card)) card = card.parentElement;
      if (card) {
        const cardBox = card.getBoundingClientRect();
        if (box.left < cardBox.left - 1 || box.right > cardBox.right + 1) {
          found.push({
            control: name,
            problem: `leaves its card .${[...card.classList].join('.')} (${box.left}-${box.right} in ${cardBox.left}-${cardBox.right})`,
          });
        }
      }
      if (control instanceof HTMLButtonElement || control instanceof HTMLAnchorElement) {
        if (control.scrollWidth > control.clientWidth + 1) {
          found.push({
            control: name,
            problem: `its text is cut (${control.scrollWidth} > ${control.clientWidth})`,
          });
        }
      }
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      problems: found,
    };
  });
  expect(
    scrollWidth,
    `${where} at ${innerWidth} px: document.documentElement.scrollWidth`,
  ).toBeLessThanOrEqual(innerWidth);
  expect(problems as LayoutProblem[], `${where} at ${innerWidth} px: controls`).toEqual([]);
};
