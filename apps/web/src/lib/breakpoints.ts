/** Desktop and mobile layouts switch at this width (styles.css uses the same breakpoint). */
export const desktopQuery = '(min-width: 768px)';
