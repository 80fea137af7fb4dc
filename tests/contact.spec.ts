import { expect, queryDb, test } from './fixtures';

test.describe('contact form', () => {
  test('invalid input gets French messages and nothing is sent', async ({ page }) => {
    let posted = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/contact') && r.method() === 'POST') posted += 1;
    });
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page.getByText('Votre nom est requis.')).toBeVisible();
    await expect(page.getByText('L’adresse e-mail est requise.')).toBeVisible();
    await expect(page.getByText('Choisissez l’objet de votre demande.')).toBeVisible();
    await expect(
      page.getByText('Votre message doit contenir au moins 10 caractères.'),
    ).toBeVisible();
    await expect(page.getByText(/Vous devez accepter/)).toBeVisible();

    await page.getByLabel('Adresse e-mail').fill('claire@exemple');
    await page.getByLabel('Téléphone').fill('12 34');
    await page.getByLabel('Nom et prénom').click();
    await expect(page.getByText(/Saisissez une adresse e-mail valide/)).toBeVisible();
    await expect(page.getByText(/Saisissez un numéro français valide/)).toBeVisible();
    await expect(page.getByLabel('Adresse e-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toBe(0);
  });

  test('a valid message is stored and confirmed', async ({ page }) => {
    const email = `claire.${Date.now()}@exemple.fr`;
    await page.goto('/contact');
    await page.getByLabel('Nom et prénom').fill('Claire Martin');
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByLabel('Téléphone').fill('06 12 34 56 78');
    await page.getByLabel('Objet de votre demande').selectOption({ label: 'Vendre mon bien' });
    await page
      .getByLabel('Votre message')
      .fill('Je souhaite vendre un trois-pièces à Montreuil <b>rapidement</b>.');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Envoyer le message' }).click();

    await expect(page.getByTestId('contact-sent')).toContainText(
      'Nous vous répondons sous 48 heures',
    );
    const rows = queryDb<{ name: string; subject: string; phone: string; message: string }>(
      'select name, subject, phone, message from contact_message where email = ?',
      email,
    );
    expect(rows).toEqual([
      {
        name: 'Claire Martin',
        subject: 'vente',
        phone: '06 12 34 56 78',
        message: 'Je souhaite vendre un trois-pièces à Montreuil <b>rapidement</b>.',
      },
    ]);
  });

  test('the homestylz contact page stores its messages under the homestylz brand', async ({
    page,
  }) => {
    const email = `hs.${Date.now()}@exemple.fr`;
    await page.goto('/homestylz/contact');
    await expect(page.locator('[data-theme]').first()).toHaveAttribute('data-theme', 'homestylz');
    await expect(page.getByLabel('Objet de votre demande')).toHaveValue('home-staging');
    await page.getByLabel('Nom et prénom').fill('Inès Moreau');
    await page.getByLabel('Adresse e-mail').fill(email);
    await page
      .getByLabel('Votre message')
      .fill('Je vends un deux-pièces à Vincennes, pouvez-vous le mettre en valeur ?');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page.getByTestId('contact-sent')).toBeVisible();
    expect(queryDb('select brand, subject from contact_message where email = ?', email)).toEqual([
      { brand: 'homestylz', subject: 'home-staging' },
    ]);
  });

  test('a send that cannot reach the server says so and keeps what was typed', async ({ page }) => {
    await page.goto('/contact');
    await page.route('**/api/contact', (route) => route.abort('internetdisconnected'));
    await page.getByLabel('Nom et prénom').fill('Karim Benali');
    await page.getByLabel('Adresse e-mail').fill('karim@exemple.fr');
    await page.getByLabel('Objet de votre demande').selectOption('partenariat');
    await page
      .getByLabel('Votre message')
      .fill('Courtier à Vincennes, je souhaite devenir partenaire.');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Envoyer le message' }).click();

    await expect(
      page.getByRole('alert').filter({ hasText: 'Impossible de joindre le serveur' }),
    ).toBeVisible();
    await expect(page.getByLabel('Nom et prénom')).toHaveValue('Karim Benali');
    await expect(page.getByLabel('Votre message')).toHaveValue(
      'Courtier à Vincennes, je souhaite devenir partenaire.',
    );
    await expect(page.getByRole('checkbox')).toBeChecked();
  });
});
