/**
 * The user guide seeded as the `docs` page (spec §2 Documentation). Markdown in the subset the web's
 * renderer supports: headings, paragraphs, lists, emphasis, inline code and links. Editors may change it
 * per region afterwards; the seed only fills sections that do not exist yet.
 */
export const DOCS_SLUG = 'docs';

export const DOCS_TITLE = 'CardioMap user guide';

export const DOCS_BODY = `# CardioMap user guide

CardioMap turns a contrast-enhanced cardiac CT into a planning analysis for structural heart
interventions (TAVI, LAAO, TMVR, TPVR, TTVR). You request an analysis, upload the images, and our
analysts deliver landmarks, measurements, 3D models and a PDF report that you read in the viewer.

## 1. Request an analysis

1. On **Analyses**, choose **Request analysis**.
2. Pick the **device** you plan to use. Only the devices your organisation holds a licence for are
   offered; a device licensed as *non-clinical* shows the warning *Analyses for selected device(s) will be
   non-clinical only.*
3. Enter a **patient identifier** that your hospital can trace back (never the patient's name), the
   **sex** and the **age**.
4. Say whether the case is **prospective** (intervention planned) or **retrospective**, the intervention
   date and the **expected delivery date**. We need at least 24 hours for LAAO and 48 hours for the other
   interventions; a shorter date is accepted with a warning but cannot be guaranteed.
5. Add a comment for the analyst if something matters for the planning (access route, previous valve,
   renal function limiting a repeat scan).

If the button is disabled, the dialog says why: a required training not yet followed (follow it from
the banner on the Analyses page), or no licence for the intervention (contact us).

## 2. Prepare the CT images

Good planning starts with a good scan. Please follow these acquisition guidelines.

### TAVI

- **ECG-gated** contrast-enhanced CT of the aortic root, ideally a full cardiac cycle or at least
  systole (30–40 % of the R-R interval), where the annulus is largest.
- **Slice thickness 0.5–1.0 mm**, reconstructed without gaps; slices thicker than 1.25 mm reduce the
  accuracy of the annulus measurements and are flagged in the report.
- A non-gated (or gated) **run-off** from the aortic arch to the femoral heads in the same contrast
  bolus, for the access route.
- Contrast in the aortic root of **at least 250 HU**; avoid streak artefacts from a contrast-filled
  superior vena cava.

### LAAO

- **ECG-gated** CT at end-systole (about 30–40 % R-R), when the left atrial appendage is largest.
- **Slice thickness 0.5–1.0 mm**, full coverage of the left atrium and appendage.
- A delayed scan (about 30–60 s) helps tell slow flow from thrombus when filling is incomplete.

### All interventions

- Export the **whole series** as DICOM, not screenshots or a video.
- Keep one reconstruction per series; extra series are accepted, and the thinnest complete axial
  series with contrast is chosen.

## 3. Upload the images

1. Put the DICOM files of the study into **one zip file**. A name ending in \`.zip\` and a size above
   1 MB are expected; the upload box warns otherwise.
2. Open the case and drop the zip onto the upload box, or choose it with the button. Large files are
   sent in parts; keep the page open until the progress reaches 100 %.
3. After the upload, the images are **de-identified** on our side: names, dates of birth and other
   identifying attributes are removed before any analyst sees them. Processing takes about 5–10 minutes.
4. If the case shows *invalid input*, the reason is given (for example a gap between slices); upload a
   corrected export.

## 4. Read the viewer

Open **View dicom** for the images, or **View result** once an analysis is delivered.

- **MPR panes**: coronal (top left), sagittal (bottom left) and axial (right). Drag the crosshairs to
  move through the volume; scroll to change the slice; drag with the right button to change window and
  level; maximise a pane to see it alone.
- **3D view**: rotate with the left button, zoom with the wheel, press **R** to reset the camera. The
  predefined *TAVI* and *LAAO* views and **Align to C-arm** give the projection angles you will use in
  the cath lab.
- **Landmarks** (annulus, sinuses, coronary heights, ostium and landing zone …) are drawn in the panes
  where they lie. Each landmark lists its **measurements** — perimeter, area, minimum and maximum
  diameters, distances and angles — computed from its points.
- **Details** lists the numeric results of the analysis; **Figures** shows the images the analyst
  captured: click one to restore its camera.

Results marked *Not intended for medical use* come from a non-clinical licence and must not be used
for treatment decisions.

## 5. Read the report

The PDF report (download it from the case) summarises the case, the measurements with the
recommended device sizes, the access route assessment and the figures. Always check the measurements
against your own reading of the images; the report supports, and never replaces, the clinical decision.

## Need help?

Use **Contact Us** in the user menu to reach your organisation's contacts and our support team. Refer to a
case by its identifier (for example \`HVC-TAVI-00001\`), never by patient data.
`;
