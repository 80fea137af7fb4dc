import type { Page } from '@playwright/test';
import { expect, queryDb, test } from './fixtures';
import {
  PATH,
  PHONE_MESSAGE,
  uniqueEmail,
  title,
  next,
  radio,
  open,
  tabTo,
  chooseWithKeys,
  expectStep,
  answerUpToRooms,
  answerUpToContact,
  fillContact,
  reachStep,
} from './support/owner-flow';
import { OwnerStep } from '../src/domain/owner-questionnaire.schema';
import { storedDraft } from './support/browser-state';
import { expectStepInView, scrollToBottom } from './support/long-form';
import { timeouts } from './support/timeouts';

test.describe('owner questionnaire', () => {
  // Every test walks the questions one by one (three times for the reload test).
  test.describe.configure({ timeout: timeouts.scenario });

  test('is completed with the keyboard alone and stores one lead with its e-mail', async ({
    page,
  }) => {
    const email = uniqueEmail('clavier');
    await open(page);

    await tabTo(page, page.getByRole('button', { name: 'C’est parti !' }));
    await page.keyboard.press('Enter');

    await expectStep(page, 'À quoi correspond votre bien ?');
    await expect(page.getByText('Étape 1 sur 14')).toBeVisible();
    await chooseWithKeys(page, 'Investissement locatif');
    await page.keyboard.press('Enter');

    await expectStep(page, 'Combien de biens souhaitez-vous vendre ?');
    await expect(radio(page, '1')).toBeChecked();
    await chooseWithKeys(page, '2');
    await page.keyboard.press('Enter');

    await expectStep(page, 'Dans quel secteur se trouve votre bien ?');
    await expect(radio(page, '(75) - Paris')).toBeVisible();
    await chooseWithKeys(page, '(93) - Seine-Saint-Denis');
    await page.keyboard.press('Enter');

    await expectStep(page, 'Dans quelle ville se trouve votre bien ?');
    // The search box comes with the department's cities (fetched on this step): a person tabs
    // to it once it is there, and so does the test (on a loaded machine the list can come late).
    await expect(page.getByRole('searchbox', { name: 'Rechercher une ville' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByPlaceholder('Rechercher...')).toBeFocused();
    await page.keyboard.type('MONTREUIL ');
    await page.keyboard.press('Enter'); // the one city left is chosen
    await expect(radio(page, 'Montreuil 93100')).toBeChecked();
    await page.keyboard.press('Enter');

    await expectStep(page, 'Quel type de bien vendez-vous ?');
    await chooseWithKeys(page, 'Maison');
    await page.keyboard.press('Enter');

    await expectStep(page, 'Votre bien est-il ancien ou neuf ?');
    await chooseWithKeys(page, 'Neuf');
    await page.keyboard.press('Enter');

    await expectStep(page, 'Quelle est la surface de votre bien ?');
    await chooseWithKeys(page, '70 à 100 m²');
    await page.keyboard.press('Enter');

    await expectStep(page, 'Combien de pièces compte votre bien ?');
    await chooseWithKeys(page, '4 pièces');
    await page.keyboard.press('Enter');

    await expectStep(page, 'Combien de chambres compte votre bien ?');
    await chooseWithKeys(page, '3');
    await page.keyboard.press('Enter');

    await expectStep(page, 'Combien de visites avez-vous déjà organisées ?');
    await chooseWithKeys(page, '2');
    await page.keyboard.press('Enter');

    await expectStep(page, 'À quel prix souhaitez-vous vendre ?');
    await page.keyboard.press('Tab');
    await expect(page.getByPlaceholder('500\u202f000\u00a0€')).toBeFocused();
    await page.keyboard.type('640000');
    await page.keyboard.press('Enter');

    await expectStep(page, 'Quels documents de vente avez-vous déjà ?');
    const group = (name: RegExp) => page.getByRole('group', { name });
    await expect(group(/taxe foncière/).getByRole('radio', { name: 'Non' })).toBeChecked();
    await page.keyboard.press('Tab'); // assemblées générales
    await page.keyboard.press('Tab'); // relevés de charges
    await page.keyboard.press('Tab'); // taxe foncière
    await page.keyboard.press('ArrowUp');
    await expect(group(/taxe foncière/).getByRole('radio', { name: 'Oui' })).toBeChecked();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab'); // diagnostics
    await page.keyboard.press('ArrowLeft');
    await expect(group(/diagnostics/).getByRole('radio', { name: 'Oui' })).toBeChecked();
    await page.keyboard.press('Enter');

    await expectStep(page, 'Y a-t-il d’autres éléments à prendre en compte ?');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Maison de ville avec jardin.');
    await page.keyboard.press('Enter'); // a new line, not the next step
    await page.keyboard.type('Proche du métro.');
    await expect(title(page)).toHaveText('Y a-t-il d’autres éléments à prendre en compte ?');
    await tabTo(page, next(page));
    await page.keyboard.press('Enter');

    await expectStep(page, 'Comment pouvons-nous vous joindre ?');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Nom', { exact: true })).toBeFocused();
    await page.keyboard.type('Lefèvre');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Hugo');
    await page.keyboard.press('Tab');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('06.12.34.56.78');
    await page.keyboard.press('Enter');

    await expectStep(page, 'Merci, votre demande est bien enregistrée');
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText(/sous 48 heures/)).toBeVisible();

    const contacts = queryDb<{
      id: number;
      lastname: string;
      firstname: string;
      phone: string;
      bien_count: number;
    }>(
      'select id, lastname, firstname, phone, bien_count from owner_contact where email = ?',
      email,
    );
    expect(contacts).toEqual([
      {
        id: expect.any(Number),
        lastname: 'Lefèvre',
        firstname: 'Hugo',
        phone: '06.12.34.56.78',
        bien_count: 2,
      },
    ]);
    const properties = queryDb(
      'select * from owner_property where contact_id = ?',
      contacts[0]!.id,
    );
    expect(properties).toEqual([
      expect.objectContaining({
        property_type: 'Investissement locatif',
        department: '93',
        city: 'Montreuil',
        type_bien: 2,
        status: 'Neuf',
        surface: 4,
        room_count: 4,
        bedroom_count: 3,
        visit_count: 2,
        price: 640000,
        with_three_last_assembly: 0,
        with_four_last_charges_statements: 0,
        with_last_property_tax: 1,
        with_maintenance_building: 0,
        with_pre_statement: 0,
        with_diagnostics: 1,
        description: 'Maison de ville avec jardin.\nProche du métro.',
        disponible: 1,
      }),
    ]);

    const outbox = await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(email)}`);
    const mails = (await outbox.json()) as { to: string; subject: string; text: string }[];
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: email,
      subject: 'Nous avons bien reçu la description de votre bien',
    });
    expect(mails[0]!.text).toContain('Bonjour Hugo');

    // The draft is gone: a new visit starts again at the intro.
    expect(await storedDraft(page, 'owner')).toBeNull();
  });

  test('comes back to step 9 with every earlier answer, after a reload and a new page', async ({
    page,
    context,
  }) => {
    await open(page);
    await answerUpToRooms(page);
    await radio(page, '3 pièces').check();
    await expect.poll(async () => (await storedDraft(page, 'owner'))?.answers.roomCount).toBe(3);
    await expect.poll(async () => (await storedDraft(page, 'owner'))?.step).toBe(9);

    const expectEarlierAnswers = async (p: Page) => {
      await expect(p.locator('main h1')).toHaveText('Combien de pièces compte votre bien ?');
      await expect(p.getByText('Étape 8 sur 14')).toBeVisible();
      await expect(radio(p, '3 pièces')).toBeChecked();
      const back = p.getByRole('button', { name: 'Précédent' });
      const checkedAfterBack = [
        '100 m² et plus',
        'Ancien',
        'Loft/Atelier',
        'Boulogne-Billancourt 92100',
        '(92) - Hauts-de-Seine',
        '3',
        'Investissement locatif',
      ];
      for (const name of checkedAfterBack) {
        await back.click();
        await expect(radio(p, name)).toBeChecked();
      }
      await back.click();
      await expect(p.getByRole('button', { name: 'C’est parti !' })).toBeVisible();
    };

    await page.reload();
    await expect(page.getByText(/Vos réponses ont été retrouvées/)).toBeVisible();
    await expectEarlierAnswers(page);

    // Going back moved the saved step: return to step 9 before closing the page.
    await page.getByRole('button', { name: 'C’est parti !' }).click();
    for (let i = 0; i < 7; i += 1) await next(page).click();
    await expect(title(page)).toHaveText('Combien de pièces compte votre bien ?');
    await expect.poll(async () => (await storedDraft(page, 'owner'))?.step).toBe(9);
    await page.close();

    const again = await context.newPage();
    await again.goto(PATH);
    await again.waitForFunction(() => 'hydrated' in document.documentElement.dataset);
    await expectEarlierAnswers(again);
  });

  test('Next waits for an answer, except on PROPERTY_COUNT, PRICE and WITH_DOC', async ({
    page,
  }) => {
    await open(page);
    await page.getByRole('button', { name: 'C’est parti !' }).click();
    await expect(page.getByRole('list', { name: 'Progression du questionnaire' })).toBeVisible();

    await expect(next(page)).toBeDisabled(); // PROPERTY_TYPE
    await radio(page, 'Résidence principale').check();
    await expect(next(page)).toBeEnabled();
    await next(page).click();

    await expect(title(page)).toHaveText('Combien de biens souhaitez-vous vendre ?');
    await expect(next(page)).toBeEnabled(); // PROPERTY_COUNT: 1 by default
    await next(page).click();

    await expect(next(page)).toBeDisabled(); // DEPARTMENT
    await radio(page, '(94) - Val-de-Marne').check();
    await next(page).click();
    await expect(next(page)).toBeDisabled(); // CITY
    await page.getByPlaceholder('Rechercher...').fill('xyz');
    await expect(page.getByText(/Aucune ville de ce département ne correspond/)).toBeVisible();
    await page.getByPlaceholder('Rechercher...').fill('vincennes');
    await radio(page, 'Vincennes 94300').check();
    await next(page).click();

    for (const [heading, answer] of [
      ['Quel type de bien vendez-vous ?', 'Appartement'],
      ['Votre bien est-il ancien ou neuf ?', 'Ancien'],
      ['Quelle est la surface de votre bien ?', 'Moins de 30 m²'],
      ['Combien de pièces compte votre bien ?', 'Studio'],
      ['Combien de chambres compte votre bien ?', '1'],
      ['Combien de visites avez-vous déjà organisées ?', 'Aucune'],
    ] as const) {
      await expect(title(page)).toHaveText(heading);
      await expect(next(page)).toBeDisabled();
      await radio(page, answer).check();
      await expect(next(page)).toBeEnabled();
      await next(page).click();
    }

    await expect(title(page)).toHaveText('À quel prix souhaitez-vous vendre ?');
    await expect(page.getByPlaceholder('500\u202f000\u00a0€')).toHaveAttribute('step', '1');
    await expect(
      page.getByText('Laissez vide si vous souhaitez une estimation gratuite.'),
    ).toBeVisible();
    await expect(next(page)).toBeEnabled(); // PRICE, empty
    await next(page).click();

    await expect(title(page)).toHaveText('Quels documents de vente avez-vous déjà ?');
    await expect(next(page)).toBeEnabled(); // WITH_DOC
    await expect(page.getByRole('radio', { name: 'Non' })).toHaveCount(6);
    for (const no of await page.getByRole('radio', { name: 'Non' }).all()) {
      await expect(no).toBeChecked();
    }
    await expect(
      page
        .getByRole('list', { name: 'Progression du questionnaire' })
        .locator('[aria-current="step"]'),
    ).toContainText('Documents de vente');
    await next(page).click();

    await expect(
      page.getByLabel('Y a-t-il d’autres éléments à prendre en compte ?'),
    ).toHaveAttribute('rows', '4');
    await expect(next(page)).toBeEnabled(); // DESC is optional
    await next(page).click();
    await expect(page.getByRole('button', { name: 'Envoyer ma demande' })).toBeDisabled();
  });

  test('on a phone, a new step shows the progress bar and its title below the header @mobile', async ({
    page,
  }) => {
    await open(page);
    await page.getByRole('button', { name: 'C’est parti !' }).click();
    await expectStep(page, 'À quoi correspond votre bien ?');
    await expectStepInView(page, 'Progression du questionnaire');
    await radio(page, 'Résidence principale').check();
    await scrollToBottom(page);
    await next(page).click();
    await expectStep(page, 'Combien de biens souhaitez-vous vendre ?');
    await expectStepInView(page, 'Progression du questionnaire');
    await next(page).focus();
    await scrollToBottom(page);
    await page.keyboard.press('Enter'); // on Suivant: PROPERTY_COUNT is ungated
    await expectStep(page, 'Dans quel secteur se trouve votre bien ?');
    await expectStepInView(page, 'Progression du questionnaire');
  });

  test('PRICE: Next stays enabled, but a wrong price is said next to the field and kept back', async ({
    page,
  }) => {
    await open(page);
    await answerUpToRooms(page);
    await radio(page, '4 pièces').check();
    await next(page).click();
    await radio(page, '3').check();
    await next(page).click();
    await radio(page, 'Aucune').check();
    await next(page).click();
    const priceTitle = 'À quel prix souhaitez-vous vendre ?';
    await expectStep(page, priceTitle);
    const price = page.getByPlaceholder('500\u202f000\u00a0€');
    const message = page.locator('#owner-price-erreur');

    await price.fill('-5');
    await expect(message).toHaveText('Le prix doit être supérieur à 0\u00a0€.');
    await expect(price).toHaveAttribute('aria-invalid', 'true');
    await expect(price).toHaveAttribute('aria-describedby', 'owner-price-aide owner-price-erreur');
    await expect(next(page)).toBeEnabled(); // spec 5: not gated
    await next(page).click();
    await expect(title(page)).toHaveText(priceTitle);
    await expect(price).toBeFocused();

    await price.fill('100000001');
    await expect(message).toHaveText('Le prix ne peut pas dépasser 100\u202f000\u202f000\u00a0€.');
    await price.press('Enter');
    await expect(title(page)).toHaveText(priceTitle);

    // What the browser cannot read is not taken for an empty price (a free valuation).
    await price.fill('');
    await price.pressSequentially('64e');
    await expect(message).toHaveText(
      'Saisissez le prix en chiffres seulement, par exemple 500000.',
    );
    await next(page).click();
    await expect(title(page)).toHaveText(priceTitle);

    await price.fill('640000');
    await expect(message).toHaveCount(0);
    await expect(page.getByText('Soit 640\u202f000\u00a0€.')).toBeVisible();
    await next(page).click();
    await expectStep(page, 'Quels documents de vente avez-vous déjà ?');
    await expect.poll(async () => (await storedDraft(page, 'owner'))?.answers.price).toBe(640000);
  });

  test('Recommencer, once confirmed, clears the answers and returns to the intro', async ({
    page,
  }) => {
    await open(page);
    await page.getByRole('button', { name: 'C’est parti !' }).click();
    await radio(page, 'Résidence principale').check();
    await next(page).click();
    await radio(page, '4 et +').check();

    const restart = page.getByRole('button', { name: 'Recommencer' });
    const dialog = page.getByRole('dialog', { name: 'Recommencer le questionnaire ?' });
    await restart.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(dialog).toBeHidden();
    await expect(radio(page, '4 et +')).toBeChecked();

    await restart.click();
    await dialog.getByRole('button', { name: 'Effacer et recommencer' }).click();
    await expectStep(page, 'Pourquoi passer par un chasseur immobilier pour vendre votre bien ?');
    await expect.poll(() => storedDraft(page, 'owner')).toBeNull();
    await page.getByRole('button', { name: 'C’est parti !' }).click();
    await expect(radio(page, 'Résidence principale')).not.toBeChecked();
    await expect(next(page)).toBeDisabled();
  });

  test('an invalid phone shows its message and blocks the sending', async ({ page }) => {
    let posted = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/public/biens') && r.method() === 'POST') posted += 1;
    });
    await reachStep(page, OwnerStep.CONTACT);
    await expect(title(page)).toHaveText('Comment pouvons-nous vous joindre ?');
    await fillContact(page, uniqueEmail('telephone'), '12 34 56');
    await page.getByLabel('Nom', { exact: true }).focus(); // leaves the phone field: touched

    const phone = page.getByLabel('Téléphone');
    await expect(page.getByText(PHONE_MESSAGE)).toBeVisible();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toHaveAttribute('aria-describedby', 'owner-phone-erreur');
    const send = page.getByRole('button', { name: 'Envoyer ma demande' });
    await expect(send).toBeDisabled();
    await phone.press('Enter');
    await expect(title(page)).toHaveText('Comment pouvons-nous vous joindre ?');
    expect(posted).toBe(0);

    await phone.fill('+33 6 12 34 56 78');
    await expect(page.getByText(PHONE_MESSAGE)).toBeHidden();
    await expect(send).toBeEnabled();
  });

  // page.route sees the page's own requests only: the service worker, once it controls the page,
  // would send these itself (its offline queue is tested with the offline engine).
  test.describe('answered by the network', () => {
    test.use({ serviceWorkers: 'block' });

    test('a send that cannot reach the server keeps the answers and can be retried', async ({
      page,
    }) => {
      const email = uniqueEmail('reseau');
      await reachStep(page, OwnerStep.CONTACT);
      await expect(title(page)).toHaveText('Comment pouvons-nous vous joindre ?');
      await fillContact(page, email);
      await page.route('**/api/public/biens', (route) => route.abort('internetdisconnected'));
      await page.getByRole('button', { name: 'Envoyer ma demande' }).click();

      await expect(
        page.getByRole('alert').filter({ hasText: 'Impossible de joindre le serveur' }),
      ).toBeVisible();
      await expect(page.getByLabel('Adresse e-mail')).toHaveValue(email);

      await page.unroute('**/api/public/biens');
      await page.getByRole('button', { name: 'Réessayer' }).click();
      await expect(title(page)).toHaveText('Merci, votre demande est bien enregistrée');
      expect(queryDb('select id from owner_contact where email = ?', email)).toHaveLength(1);
    });

    test('a property answer refused by the server names its step and leads back to it', async ({
      page,
    }) => {
      await open(page);
      await answerUpToContact(page);
      await fillContact(page, uniqueEmail('refus'));
      const keys: string[] = [];
      await page.route('**/api/public/biens', async (route) => {
        keys.push(route.request().headers()['idempotency-key'] ?? '');
        await route.fulfill({
          status: 400,
          json: {
            message: 'Certains champs sont invalides. Corrigez-les puis renvoyez le formulaire.',
            fieldErrors: { 'bien.city': 'Cette ville n’est pas dans le département choisi.' },
          },
        });
      });
      await page.getByRole('button', { name: 'Envoyer ma demande' }).click();

      const alert = page.getByRole('alert').filter({ hasText: 'Certains champs sont invalides' });
      await expect(alert).toContainText('Étape 4');
      await expect(alert).toContainText('Cette ville n’est pas dans le département choisi.');
      await alert.getByRole('button', { name: 'Corriger cette réponse' }).click();
      await expectStep(page, 'Dans quelle ville se trouve votre bien ?');

      // The refused key is not reused: the corrected answers go under a new one.
      await radio(page, 'Antony 92160').check();
      for (let i = 0; i < 10; i += 1) await next(page).click();
      await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
      await expect.poll(() => keys.length).toBe(2);
      expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(keys[1]).not.toBe(keys[0]);
    });
  });
});
