import { toApiFailure } from '../../../lib/api';
import { downloadWithToken } from '../../../lib/download-file';
import { notify } from '../../../lib/toast';
import { BusyButton } from '../../../ui/busy-button';

/**
 * 'Exporter en CSV': the current table view (same filters), downloaded with the session's token
 * (a plain link would go without it). The server writes UTF-8 with BOM and ';' for French Excel.
 */
export function CsvButton({ path, filename }: { path: string; filename: string }) {
  return (
    <BusyButton
      className="btn btn-outline btn-sm"
      run={async () => {
        try {
          await downloadWithToken(path, filename);
        } catch (error) {
          notify.error(toApiFailure(error).message);
        }
      }}
    >
      Exporter en CSV
    </BusyButton>
  );
}
