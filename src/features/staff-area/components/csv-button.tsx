import { api, toApiFailure } from '../../../lib/api';
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
          const blob = await api(path, { responseType: 'blob' });
          const url = URL.createObjectURL(blob);
          const link = document.createElement('a');
          link.href = url;
          link.download = filename;
          document.body.append(link);
          link.click();
          link.remove();
          setTimeout(() => URL.revokeObjectURL(url), 10_000);
        } catch (error) {
          notify.error(toApiFailure(error).message);
        }
      }}
    >
      Exporter en CSV
    </BusyButton>
  );
}
