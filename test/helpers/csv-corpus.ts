/**
 * CSVs whose parse must not change as the parser learns new number and separator styles: every
 * layout example (good and bad), every CSV block of docs/data.md, and CSVs that already parse in
 * shapes a new rule could touch (quoted thousands, `;`, tab and `|` separators, decimal points,
 * exponents, ISO dates). test/unit/csv-parse-unchanged.test.ts compares each against
 * test/fixtures/csv-parse-before.json, written from the parser as it was before those rules.
 */
import { layoutExamples } from "../../src/domain/layout-examples";

const fixedCsvs: Record<string, string> = {
	"quoted thousands": '\uFEFFcountry,"population",since\r\nChile,"19,600,000",2020-01\r\nPeru,,2021-06\r\n\r\n',
	"quoted thousands, one group": 'city,people\nOslo,"1,234"\nRome,"2,761"\n',
	"leading zero thousands": 'a,b\nx,"0,123"\n',
	"decimal points and signs": "label,value\nA,1.5\nB,-2.25\nC,+3\nD,.5\nE,1e3\nF,-1.5E-2\n",
	"point thousands-looking decimals": "label,value\nA,1.234\nB,12.345\nC,0.001\n",
	"semicolon, integers": "a;b\n1;2\n3;4\n",
	"semicolon, decimal points": "Land;Wert\nA;1.5\nB;2.25\n",
	"semicolon, ambiguous points": "Land;Wert\nA;1.234\nB;2.5\n",
	"tab separated": "a\tb\nx\t1.5\ny\t2\n",
	"pipe separated": "a|b\nx|1\ny|2\n",
	"one column": "a\n1\n2\n",
	"quoted comma in text": 'name,value\n"Smith, J.",3\n"Doe, A.",4\n',
	"iso dates": "day,visits\n2026-03-01,3\n2026-03-02,4\n",
	"text beside numbers": "label,value\nA,n/a\nB,3\n",
	"prototype keys": "__proto__,constructor\n1,2\n",
	"spaces around cells": "a , b\n x , 1 \n y , 2 \n",
};

/** The ```csv blocks of a Markdown text, in order. */
export function csvBlocks(markdown: string): string[] {
	return [...markdown.matchAll(/```csv\n([\s\S]*?)```/g)].map((match) => match[1] as string);
}

/** Name → CSV text, the docs' blocks named by their place in docs/data.md. */
export function csvCorpus(dataDoc: string): [string, string][] {
	const corpus: [string, string][] = Object.entries(layoutExamples).flatMap(([kind, example]) => [
		[`${kind} example`, example.csv] as [string, string],
		[`${kind} bad example`, example.bad.csv] as [string, string],
	]);
	csvBlocks(dataDoc).forEach((csv, index) => {
		corpus.push([`docs/data.md csv block ${index + 1}`, csv]);
	});
	return [...corpus, ...Object.entries(fixedCsvs)];
}
