/**
 * A second public entry (eslint.config.js): the wizard's question steps, for the client area's
 * « Modifier mes critères », which edits the search with the same screens and schemas. Kept out
 * of index.ts, which the app's entry imports: these screens stay in the areas' own chunks.
 */
export { canGoNext, stepOfField, type BuyerAnswers } from './buyer-flow';
export { StepTitleLevel } from './components/controls';
export { CriteriaStep } from './components/criteria-steps';
export { STEP_TITLE_ID } from './components/frame';
