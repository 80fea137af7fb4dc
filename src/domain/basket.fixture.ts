import type { BasketProduct } from './basket';

/** Products for the basket's tests (rules and repository): two sold by the unit, one by the m². */
export const cushion: BasketProduct = {
  id: 7,
  name: 'Coussins',
  price: 19.99,
  src: '/img/coussins.webp',
  packname: 'Pack Déco',
};
export const plaid: BasketProduct = { ...cushion, id: 8, name: 'Plaid', price: 45 };
export const staging: BasketProduct = {
  id: 19,
  name: 'Home staging (par m²)',
  price: 12.5,
  src: '/img/staging.webp',
  packname: 'Home staging de bien vide',
};
