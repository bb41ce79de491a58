/**
 * The class names every form of the app shares, so a field looks and fails the same everywhere: design-system
 * classes of app/app.css (decision 0078).
 */
export const FOCUS_RING = "focus-ring";

export const INPUT_CLASS = "field-input";

export const LABEL_CLASS = "field-label";

export const PRIMARY_BUTTON_CLASS = "btn-primary";

export const SECONDARY_BUTTON_CLASS = "btn-secondary";
