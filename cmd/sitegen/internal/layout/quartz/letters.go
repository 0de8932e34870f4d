// Code generated from Unicode's decompositions (NFKD, marks dropped) of
// U+00C0–U+024F, lower-cased, and the letters ICU's root collation takes
// as variants of Latin letters at base strength (ß ss, æ ae, œ oe, ø o,
// ð d, ł l, đ d, ħ h, ĳ ij, ſ s); DO NOT EDIT.

package quartz

// baseLetters maps a lower-case Latin letter with a diacritic to the
// letters it compares equal to at base strength.
var baseLetters = map[rune]string{
	'ß': "ss", 'à': "a", 'á': "a", 'â': "a", 'ã': "a", 'ä': "a", 'å': "a", 'æ': "ae",
	'ç': "c", 'è': "e", 'é': "e", 'ê': "e", 'ë': "e", 'ì': "i", 'í': "i", 'î': "i", 'ï': "i",
	'ð': "d", 'ñ': "n", 'ò': "o", 'ó': "o", 'ô': "o", 'õ': "o", 'ö': "o", 'ø': "o", 'ù': "u",
	'ú': "u", 'û': "u", 'ü': "u", 'ý': "y", 'ÿ': "y", 'ā': "a", 'ă': "a", 'ą': "a", 'ć': "c",
	'ĉ': "c", 'ċ': "c", 'č': "c", 'ď': "d", 'đ': "d", 'ē': "e", 'ĕ': "e", 'ė': "e", 'ę': "e",
	'ě': "e", 'ĝ': "g", 'ğ': "g", 'ġ': "g", 'ģ': "g", 'ĥ': "h", 'ħ': "h", 'ĩ': "i", 'ī': "i",
	'ĭ': "i", 'į': "i", 'ĳ': "ij", 'ĵ': "j", 'ķ': "k", 'ĺ': "l", 'ļ': "l", 'ľ': "l",
	'ŀ': "l", 'ł': "l", 'ń': "n", 'ņ': "n", 'ň': "n", 'ō': "o", 'ŏ': "o", 'ő': "o",
	'œ': "oe", 'ŕ': "r", 'ŗ': "r", 'ř': "r", 'ś': "s", 'ŝ': "s", 'ş': "s", 'š': "s",
	'ţ': "t", 'ť': "t", 'ũ': "u", 'ū': "u", 'ŭ': "u", 'ů': "u", 'ű': "u", 'ų': "u", 'ŵ': "w",
	'ŷ': "y", 'ź': "z", 'ż': "z", 'ž': "z", 'ſ': "s", 'ơ': "o", 'ư': "u", 'ǆ': "dz",
	'ǉ': "lj", 'ǌ': "nj", 'ǎ': "a", 'ǐ': "i", 'ǒ': "o", 'ǔ': "u", 'ǖ': "u", 'ǘ': "u",
	'ǚ': "u", 'ǜ': "u", 'ǟ': "a", 'ǡ': "a", 'ǧ': "g", 'ǩ': "k", 'ǫ': "o", 'ǭ': "o", 'ǰ': "j",
	'ǳ': "dz", 'ǵ': "g", 'ǹ': "n", 'ǻ': "a", 'ȁ': "a", 'ȃ': "a", 'ȅ': "e", 'ȇ': "e",
	'ȉ': "i", 'ȋ': "i", 'ȍ': "o", 'ȏ': "o", 'ȑ': "r", 'ȓ': "r", 'ȕ': "u", 'ȗ': "u", 'ș': "s",
	'ț': "t", 'ȟ': "h", 'ȧ': "a", 'ȩ': "e", 'ȫ': "o", 'ȭ': "o", 'ȯ': "o", 'ȱ': "o", 'ȳ': "y",
}
