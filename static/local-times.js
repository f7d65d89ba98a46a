// Writes the page's moments (ISO 8601, in UTC) in the phone's own time zone, medium date
// and short time like the server's, in the page's language. It runs as a worker of
// app.js, off the page's main thread, because a first date format loads the browser's
// locale data. It answers each message, in turn, with the texts in the order of its
// moments, or with null for a browser without that language's date words, so that the
// page keeps its UTC text rather than mix in another language.
(function () {
  "use strict";

  var formats = {};

  // A browser may list a language and yet lack its date words: it then names December
  // "M12", as ICU's root locale does (Chromium in Uzbek).
  function knowsDateWords(language) {
    if (!Intl.DateTimeFormat.supportedLocalesOf([language]).length) return false;
    var december = new Intl.DateTimeFormat(language, { month: "long" }).format(new Date(2026, 11, 15));
    return !/^M\d+$/.test(december);
  }

  function formatFor(language) {
    if (!(language in formats)) {
      formats[language] = knowsDateWords(language)
        ? new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" })
        : null;
    }
    return formats[language];
  }

  self.onmessage = function (event) {
    var format = self.Intl ? formatFor(event.data.language) : null;
    self.postMessage(format && event.data.moments.map(function (written) {
      var moment = new Date(written);
      return isNaN(moment.getTime()) ? null : format.format(moment);
    }));
  };
})();
