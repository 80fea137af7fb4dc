export * from './icons';
export { Logo, type Brand } from './logo';
export { PageHeader, Section, FeatureCard } from './page';
