// The visit reports' entry for the other features (issue 28): the report as people read it.
export {
  ReportCard,
  floorLabel,
  formatSurface,
  photosArrivedLabel,
  type PhotoLoader,
} from './components/report-card';
