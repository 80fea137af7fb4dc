export * from './icons';
export { Logo } from './logo';
export {
  ActionRow,
  Callout,
  CheckList,
  Eyebrow,
  FeatureCard,
  IconCircle,
  NumberedSteps,
  raisedSteps,
  outlineOnDark,
  Section,
  type Step,
} from './page';
