/** Pure parsers: university HTML pages to records. No I/O. */
package in.results.scrape;
