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
  StepsSection,
  type StepsBlock,
  raisedSteps,
  outlineOnDark,
  Section,
  type Step,
} from './page';
