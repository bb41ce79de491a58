// Plain values shared by the profile page (server) and its client form.
// (Kept out of "use client" modules: the server would get client references.)

/** The conform form id of the profile form (rejected results come back under it). */
export const PROFILE_FORM_ID = "profile";

export const LOCATION_HINT = "City, ST or ZIP — used to find jobs near you";
