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
  PageHeader,
  Section,
  type Step,
} from './page';
