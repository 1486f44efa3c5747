/**
 * Processing reasons are written for the app, where they may name the files of the upload; file and folder
 * names of a DICOM export often carry the patient's name. Before a reason goes into an e-mail, every name
 * of the upload, anything quoted, and the case's patient identifier are replaced.
 */
export function mailSafeReason(reason: string, hide: { paths: readonly string[]; patientIdentifier: string }): string {
  const names = new Set<string>();
  for (const path of hide.paths) {
    names.add(path);
    for (const part of path.split(/[\\/]/)) if (part.length >= 3) names.add(part);
  }
  if (hide.patientIdentifier.trim().length >= 3) names.add(hide.patientIdentifier.trim());
  let safe = reason.replace(/"[^"]*"/g, 'a file');
  // Longest first, so a path goes before the folder names inside it.
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    safe = safe.replace(new RegExp(escapeRegExp(name), 'gi'), '[name hidden]');
  }
  return safe;
}

const escapeRegExp = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
