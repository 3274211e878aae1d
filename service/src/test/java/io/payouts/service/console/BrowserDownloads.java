package io.payouts.service.console;

/** What a page hands the browser to save, caught in the page: headless Chromium has no download folder to look in. */
final class BrowserDownloads {

    /** Records the saved file's name in {@code window.downloadedName} and its text in {@code window.downloadedText}. */
    static final String CATCH = """
            const createObjectURL = URL.createObjectURL;
            URL.createObjectURL = function (blob) {
                blob.text().then(text => window.downloadedText = text);
                return createObjectURL.call(URL, blob);
            };
            const click = HTMLAnchorElement.prototype.click;
            HTMLAnchorElement.prototype.click = function () {
                if (this.download) {
                    window.downloadedName = this.download;
                }
                return click.call(this);
            };""";

    private BrowserDownloads() {
    }
}
