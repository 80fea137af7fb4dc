import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { formatEuro } from '../src/domain/format';
import { validOwnerSubmission } from '../src/domain/owner-questionnaire.fixture';
import { labelOf, roomCounts } from '../src/domain/property';
import { expect, queryDb, test } from './fixtures';
import { expectAccessible } from './support/accessible';
import { clientBrowser, demo } from './support/sign-in';
import { timeouts } from './support/timeouts';

/**
 * Issue 31, rapprochement: a new owner lead posted for Vincennes through the questionnaire's
 * API appears on the fiche of a demo buyer searching Vincennes (server/db/seed-demo-work.ts),
 * with its reasons in French; the owner lead's fiche lists that buyer; « Proposer au client »
 * makes the property visible to the client in their area, without the owner's identity; the
 * client's « Ça m’intéresse » shows on the fiche. Each screen is checked by axe and for French
 * typography, at 1280 px and at 390 px.
 */

/**
 * Each width its own demo buyer searching an Appartement in Vincennes and still searching
 * (acheteur3 and acheteur19 of the demo seed), so the two runs never share a client.
 */
const widths = [
  { tag: '', label: '1280 px', email: demo('acheteur3') },
  { tag: ' @mobile', label: '390 px', email: demo('acheteur19') },
];

/** The minus of the reasons (U+2212) and the no-break space before « % » and « : ». */
const signedPercent = (rate: number) => {
  const rounded = Math.round(rate * 100);
  const sign = rounded < 0 ? '\u2212' : rounded > 0 ? '+' : '';
  return `${sign}${Math.abs(rounded)}\u00a0%`;
};

/** A panel of the fiche, once its list has arrived. */
async function panelShown(page: Page, name: string) {
  const panel = page.getByRole('region', { name, exact: true });
  await expect(panel.getByRole('status')).toHaveCount(0);
  return panel;
}

test.describe('rapprochement (issue 31)', () => {
  test.use({ signedInAs: 'manager' });
  test.setTimeout(timeouts.scenario);

  for (const { tag, label, email } of widths) {
    test(`a new owner lead in Vincennes reaches the buyer’s fiche and, proposed, the client${tag}`, async ({
      page,
      browser,
      baseURL,
    }, testInfo) => {
      const [buyer] = queryDb<{
        id: string;
        firstname: string;
        lastname: string;
        budget: number;
        cities: string;
        room_count: number;
        surface: number;
      }>(
        `select u.id, u.firstname, u.lastname, p.budget, p.cities, p.room_count, p.surface
           from app_user u join buyer_project p on p.user_id = u.id
          where u.email = ? order by p.id desc limit 1`,
        email,
      );
      expect(buyer?.cities, 'the demo buyer searches Vincennes').toContain('Vincennes');
      const { id: buyerId, budget, room_count: roomCount, surface } = buyer!;
      const buyerName = `${buyer!.firstname} ${buyer!.lastname}`;

      // A flat within the buyer's budget, of the rooms and surface they ask for: the best score,
      // so it heads the list whatever other tests posted for Vincennes.
      const price = Math.round((budget * 0.95) / 100) * 100 + Math.floor(Math.random() * 50) * 100;
      // Letters only (a name's rule), unique per run: the client must never read it.
      const ownerName = `Vendeur${Array.from({ length: 6 }, () =>
        String.fromCharCode(97 + Math.floor(Math.random() * 26)),
      ).join('')}`;
      const posted = await page.request.post('/api/public/biens', {
        headers: { 'Idempotency-Key': randomUUID() },
        data: {
          ...validOwnerSubmission,
          bien: {
            ...validOwnerSubmission.bien,
            city: 'Vincennes',
            department: '94',
            typeBien: 1,
            roomCount,
            surface,
            price,
          },
          contact: {
            ...validOwnerSubmission.contact,
            lastname: ownerName,
            email: `${ownerName.toLowerCase()}@exemple.fr`,
          },
        },
      });
      expect(posted.ok(), await posted.text()).toBe(true);
      const { id: propertyId } = (await posted.json()) as { id: number };
      const [lead] = queryDb<{ contact_id: number }>(
        'select contact_id from owner_property where id = ?',
        propertyId,
      );
      const leadId = lead!.contact_id;

      // The fiche acquéreur: the new lead among « Biens qui correspondent », with its reasons.
      await page.goto(`/wh-dashboard/acquereurs/${buyerId}`);
      const matches = await panelShown(page, 'Biens qui correspondent');
      const item = matches
        .getByTestId('match')
        .filter({ has: page.locator(`a[href="/wh-dashboard/proprietaires/${leadId}"]`) });
      await expect(item).toHaveCount(1);
      await expect(item.getByRole('heading')).toHaveText(`Vincennes · ${formatEuro(price)}`);
      const reasons = item.getByRole('list', { name: 'Raisons du rapprochement' });
      await expect(reasons).toContainText('à Vincennes, ville recherchée');
      await expect(reasons).toContainText('Appartement recherché');
      await expect(reasons).toContainText(`${labelOf(roomCounts, roomCount)}, comme recherché`);
      await expect(reasons).toContainText(
        `budget ${formatEuro(budget)} pour ${formatEuro(price)} demandés\u00a0: ${signedPercent(
          (budget - price) / price,
        )}`,
      );
      await expect(item).toContainText(/Score\u00a0: \d+\u00a0points?/);
      await item.scrollIntoViewIfNeeded();
      await expectAccessible(page, testInfo, `« Biens qui correspondent » (${label})`);
      await matches.screenshot({ path: testInfo.outputPath('biens-qui-correspondent.png') });

      // « Proposer au client », with the keyboard: then « Proposé le … », and no button any more.
      const propose = item.getByRole('button', { name: /^Proposer au client/ });
      await propose.focus();
      await page.keyboard.press('Enter');
      await expect(item.getByTestId('match-proposed')).toHaveText(/^Proposé le \d+/);
      await expect(propose).toHaveCount(0);

      // The owner lead's fiche: the buyer among « Acquéreurs intéressés », already proposed.
      await page.goto(`/wh-dashboard/proprietaires/${leadId}`);
      const interested = await panelShown(page, 'Acquéreurs intéressés');
      const buyerItem = interested
        .getByTestId('match')
        .filter({ has: page.getByRole('link', { name: buyerName, exact: true }) });
      await expect(buyerItem).toHaveCount(1);
      await expect(buyerItem).toContainText('à Vincennes, ville recherchée');
      await expect(buyerItem.getByTestId('match-proposed')).toBeVisible();
      await buyerItem.scrollIntoViewIfNeeded();
      await expectAccessible(page, testInfo, `« Acquéreurs intéressés » (${label})`);
      await interested.screenshot({ path: testInfo.outputPath('acquereurs-interesses.png') });
      await buyerItem.getByRole('link', { name: buyerName, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/wh-dashboard/acquereurs/${buyerId}$`));

      // The client's area: the property in « Biens proposés », never the owner.
      const client = await clientBrowser(browser, baseURL!, email, { mobile: tag !== '' });
      try {
        const section = client.page.getByRole('region', { name: 'Biens proposés' });
        const proposal = section
          .getByTestId('client-proposal')
          .filter({ hasText: formatEuro(price) });
        await expect(proposal).toHaveCount(1);
        await expect(proposal.getByRole('heading')).toHaveText('Appartement à Vincennes');
        await expect(proposal).toContainText(labelOf(roomCounts, roomCount));
        await expect(proposal).toContainText(/Proposé le \S+/);
        await expect(section).not.toContainText(ownerName);
        await section.scrollIntoViewIfNeeded();
        await expectAccessible(client.page, testInfo, `« Biens proposés » (${label})`);

        // The client answers « Ça m’intéresse » (the button stays pressed, changeable).
        const interested = proposal.getByRole('button', { name: 'Ça m’intéresse' });
        await expect(interested).toHaveAttribute('aria-pressed', 'false');
        await interested.click();
        await expect(interested).toHaveAttribute('aria-pressed', 'true');
        await expect(proposal.getByRole('button', { name: 'Pas pour moi' })).toHaveAttribute(
          'aria-pressed',
          'false',
        );
        await expect(proposal.getByRole('status')).toHaveText(/Votre chasseur voit votre réponse/);
        await expectAccessible(client.page, testInfo, `« Biens proposés », réponse (${label})`);
        await section.screenshot({ path: testInfo.outputPath('biens-proposes.png') });
      } finally {
        await client.context.close();
      }

      // The fiche acquéreur says the client's answer beside the proposal.
      await page.goto(`/wh-dashboard/acquereurs/${buyerId}`);
      const after = (await panelShown(page, 'Biens qui correspondent'))
        .getByTestId('match')
        .filter({ has: page.locator(`a[href="/wh-dashboard/proprietaires/${leadId}"]`) });
      await expect(after.getByTestId('match-answer')).toHaveText('Le client est intéressé');
    });
  }
});
