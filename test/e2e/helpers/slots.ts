/// <reference lib="dom" />
import type { Page } from 'playwright-core';

/**
 * Step 1 of the wizard for a service by appointment: its days and start times, as a month calendar with
 * JavaScript (islands/booking-wizard/MonthCalendar.tsx) or as a plain list without (views/bookings/_wizard-slots.ejs).
 */

/** Whether step 1 offers the provider's days and times (a service by appointment). */
export async function offersSlots(page: Page): Promise<boolean> {
  return (await page.locator('.month-cal, .slot-list').count()) > 0;
}

/** The days that can be chosen: the open days of the month the calendar shows, or every day of the list. */
export async function offeredDays(page: Page): Promise<string[]> {
  if ((await page.locator('.month-cal').count()) > 0) {
    return page.locator('.month-cal__day--open').evaluateAll((bs) => bs.map((b) => (b as HTMLElement).dataset.date!));
  }
  return page
    .locator('input[type="radio"][name="requested_date"]')
    .evaluateAll((rs) => rs.map((r) => (r as HTMLInputElement).value));
}

/** The start times offered for the day chosen. */
export function offeredTimes(page: Page): Promise<string[]> {
  return page
    .locator('input[type="radio"][name="requested_time"]')
    .evaluateAll((rs) => rs.map((r) => (r as HTMLInputElement).value));
}

/**
 * Chooses the first day offered on or after `from` (the calendar moves on month by month; the list is asked
 * for that day's times), then `time` if offered, else the first time. Returns what was chosen.
 */
export async function chooseSlot(
  page: Page,
  opts: { from?: string; time?: string } = {},
): Promise<{ date: string; time: string }> {
  const from = opts.from ?? '';
  let date: string | undefined;
  if ((await page.locator('.month-cal').count()) > 0) {
    for (let month = 0; month < 4 && !date; month++) {
      if (month > 0) {
        const title = await page.locator('.month-cal__title').textContent();
        await page.getByRole('button', { name: 'Mese successivo' }).click();
        await page.waitForFunction((t) => document.querySelector('.month-cal__title')?.textContent !== t, title);
        await page.waitForLoadState('networkidle');
      }
      date = (await offeredDays(page)).find((d) => d >= from);
    }
    if (!date) throw new Error(`no day offered from ${from}`);
    await page.locator(`.month-cal__day[data-date="${date}"]`).click();
  } else {
    const days = await offeredDays(page);
    date = days.find((d) => d >= from) ?? days[0]!;
    await page.locator(`input[name="requested_date"][value="${date}"]`).check();
    await page.locator('button[name="action"][value="times"]').click();
    await page.waitForLoadState();
  }
  const times = await offeredTimes(page);
  const time = opts.time && times.includes(opts.time) ? opts.time : times[0]!;
  await page.locator(`input[name="requested_time"][value="${time}"]`).check();
  return { date, time };
}
