import type { Page } from '@playwright/test';
import { THEME_COLORS } from '../engine/theme-colors';
import { COLOUR_RULES, type Found } from './axe-audit';

/**
 * The seven other theme colours (SPEC §9) on every screen audited in the default colour (issue 29), without running
 * axe over every element fourteen times: a theme colour changes only the colours an element is drawn in. So, in the
 * page, for each colour in turn: the colour is applied as a choice made in another tab is (the storage event theme.ts
 * listens to), running transitions are taken to their end, and every element axe's colour rules judge (one with text
 * of its own, a form control, a button, a link) is described by what those rules read — its tag, text colour, size,
 * weight, decoration and display, its parent's text colour (a link against the text around it), and the backgrounds it
 * is drawn on (its own and its ancestors' up to the first opaque one, with every ancestor's opacity). An element whose
 * description was judged already — in the default colour, in another colour, on another screen this worker audited —
 * cannot fail where that one passed; the others, and only they, go to axe's colour rules in that colour. On the seeded
 * console that is a few dozen elements for the first screens and almost none after (the parts are the same on every
 * screen), so all menu pages and dialogs are covered in every colour for about what the fixed set of screens cost.
 *
 * Known limit: an element drawn over something that is not one of its ancestors (positioned on top of a sibling) is
 * described by its ancestors' backgrounds only. The console's overlays (dialogs, drawers, menus) are audited inside
 * themselves, where their own backgrounds are ancestors.
 */
const OTHERS = THEME_COLORS.filter((c) => c.key !== 'default');
const DEFAULT_COLOR = THEME_COLORS[0].color;

/**
 * What was judged in this worker (descriptions, hashed), across its tests: the console's parts look the same on every
 * screen, so most are judged on the first screens and only new ones after.
 */
const JUDGED = new Set<string>();

type Violation = { id: string; impact: string; color: string; nodes: string[] };

/**
 * Goes through the seven other colours in the mode the page is in, judging what each changes inside `within` (a CSS
 * selector; the page when absent), and leaves the page in the default colour. The page must have been audited in the
 * default colour and this mode just before (its descriptions count as judged).
 */
export async function themeSweep(page: Page, where: string, within?: string): Promise<Found[]> {
  const { found: violations, added } = await page.evaluate(
    async ({ within, colors, defaultColor, rules, known }) => {
      type Axe = {
        run: (
          ctx: unknown,
          o: unknown,
        ) => Promise<{
          violations: { id: string; impact: string | null; nodes: { target: unknown[]; failureSummary?: string }[] }[];
        }>;
      };
      const axe = (window as unknown as { axe?: Axe }).axe;
      if (!axe) throw new Error('axe-core is not in the page: audit it in the default colour first');
      const judged = new Set(known);
      const added: string[] = [];
      const KEY = 'joinery.theme';
      const dark = document.documentElement.classList.contains('dark');

      const choose = async (color: string) => {
        const saved = JSON.parse(localStorage.getItem(KEY) ?? '{}');
        localStorage.setItem(KEY, JSON.stringify({ ...saved, color, dark }));
        dispatchEvent(new StorageEvent('storage', { key: KEY }));
        // theme.ts applies the colours at once; what React draws from the theme is committed by the next task.
        await new Promise((resolve) => setTimeout(resolve));
        const shown = document.documentElement.style.getPropertyValue('--color-primary').trim().toLowerCase();
        if (shown !== color.toLowerCase()) throw new Error(`the page did not take the colour ${color} (${shown})`);
        for (const a of document.getAnimations())
          if (a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY) a.finish();
      };

      const roots = within ? [...document.querySelectorAll(within)] : [document.body];
      /** What the colour rules judge: elements with text of their own, form controls, links. */
      const judgedKinds = () =>
        roots.flatMap((root) =>
          [root, ...root.querySelectorAll('*')].filter(
            (el) =>
              el.matches('input, select, textarea, a[href], button') ||
              [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim()),
          ),
        );
      /**
       * What the colour rules read of an element, as a short hash: its text's colour, size and weight, its parent's
       * text colour (a link against the text around it), and the backgrounds it is drawn on — its own and its
       * ancestors' up to the first opaque one — with the opacity of every ancestor.
       */
      const describer = () => {
        const backdrops = new Map<Element, string>();
        const opacities = new Map<Element, string>();
        /** The backgrounds an element is drawn on: its own and its ancestors' up to the first opaque one. */
        const backdrop = (el: Element | null): string => {
          if (!el) return '';
          const known = backdrops.get(el);
          if (known !== undefined) return known;
          const s = getComputedStyle(el);
          const own = `${s.backgroundColor}|${s.backgroundImage}|${s.filter}|${s.mixBlendMode}`;
          const opaque = /^rgb\(/.test(s.backgroundColor) && s.backgroundImage === 'none';
          const whole = opaque ? own : `${own};${backdrop(el.parentElement)}`;
          backdrops.set(el, whole);
          return whole;
        };
        /** The opacity of the element and of every ancestor (they multiply, above an opaque background too). */
        const opacity = (el: Element | null): string => {
          if (!el) return '';
          const known = opacities.get(el);
          if (known !== undefined) return known;
          const whole = `${getComputedStyle(el).opacity},${opacity(el.parentElement)}`;
          opacities.set(el, whole);
          return whole;
        };
        const hash = (text: string) => {
          let a = 0x811c9dc5;
          let b = 0x01000193;
          for (let i = 0; i < text.length; i++) {
            a = Math.imul(a ^ text.charCodeAt(i), 0x01000193);
            b = Math.imul(b ^ text.charCodeAt(i), 0x5bd1e995);
          }
          return `${(a >>> 0).toString(36)}${(b >>> 0).toString(36)}`;
        };
        return (el: Element) => {
          const s = getComputedStyle(el);
          const parent = el.parentElement ? getComputedStyle(el.parentElement).color : '';
          return hash(
            `${el.tagName}|${s.color}|${s.fontSize}|${s.fontWeight}|${s.textDecorationLine}|${s.display}|${parent}|${backdrop(el)}|${opacity(el)}`,
          );
        };
      };

      // The default colour was just audited in this mode: what it shows counts as judged.
      const inDefault = describer();
      for (const el of judgedKinds()) {
        const d = inDefault(el);
        if (!judged.has(d)) added.push(d);
        judged.add(d);
      }

      const found: Violation[] = [];
      for (const color of colors) {
        await choose(color);
        const description = describer();
        const fresh = judgedKinds().filter((el) => {
          const d = description(el);
          if (judged.has(d)) return false;
          judged.add(d);
          added.push(d);
          return true;
        });
        if (!fresh.length) continue;
        const result = await axe.run(
          { include: fresh },
          { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] },
        );
        for (const v of result.violations)
          found.push({
            id: v.id,
            impact: v.impact ?? '',
            color,
            nodes: v.nodes.map((n) => `${JSON.stringify(n.target)} ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`),
          });
      }
      await choose(defaultColor);
      return { found, added };
    },
    {
      within,
      colors: OTHERS.map((c) => c.color),
      defaultColor: DEFAULT_COLOR,
      rules: COLOUR_RULES,
      known: [...JUDGED],
    },
  );
  for (const d of added) JUDGED.add(d);
  const mode = (await page.locator('html.dark').count()) ? 'dark' : 'light';
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      where: `${where} (${OTHERS.find((c) => c.color === v.color)?.key} ${mode})`,
      nodes: v.nodes,
    }));
}
