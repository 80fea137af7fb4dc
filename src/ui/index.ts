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
  outlineOnDark,
  PageHeader,
  Section,
  type Step,
} from './page';
