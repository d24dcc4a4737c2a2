/*
 * The SDK shader dialect after preprocessing (spec: sdk-dialect.md section 12).
 *
 * Keywords (mnemonics, register names, swizzles, pragma names) are case-insensitive while
 * labels are case-sensitive, and a label may be spelled like a mnemonic, so the grammar
 * keeps every word an IDENT and the assembler classifies it. That also lets the assembler
 * say "unknown instruction 'X'" instead of a generic syntax error.
 */
grammar PicaAsm;

program     : line* EOF ;

// The preprocessor ends every line with a newline, including the last one.
line        : label? statement? NEWLINE ;

label       : IDENT COLON ;

statement   : pragma
            | instruction
            ;

// Pragma lines reach the parser verbatim (not macro-expanded). The structured shape covers
// bind_symbol, output_map and the gs_* pragmas; anything else is kept raw so that an unknown
// pragma is only a warning.
pragma      : PRAGMA name=IDENT (LPAREN (operand (COMMA operand)*)? RPAREN)?   # structuredPragma
            | PRAGMA (~NEWLINE)*                                              # rawPragma
            ;

// Every instruction, macro, block keyword and def/defi/defb: a mnemonic and its operands.
instruction : mnemonic=IDENT (operand (COMMA operand)*)? ;

operand     : prefix* atom ;

prefix      : MINUS | PLUS | BANG ;

// A register reference with any sequence of [offset] and .suffix parts; the assembler checks
// the order (offset before swizzle) so that it can name the mistake.
atom        : NUMBER                                        # numberAtom
            | IDENT (LBRACK indexExpr RBRACK | DOT IDENT)*  # registerAtom
            ;

indexExpr   : sign=(PLUS | MINUS)? indexTerm (ops+=(PLUS | MINUS) indexTerm)* ;

indexTerm   : NUMBER
            | IDENT (DOT IDENT)?
            ;

PRAGMA      : '#' [ \t]* [pP][rR][aA][gG][mM][aA] ;
IDENT       : [A-Za-z_] [A-Za-z0-9_]* ;
// C pp-number: digits, letters, dots and signed exponents; the assembler validates it.
NUMBER      : ( [0-9] | '.' [0-9] ) ( [0-9A-Za-z_.] | [eE] [+-] )* ;
COLON       : ':' ;
COMMA       : ',' ;
LPAREN      : '(' ;
RPAREN      : ')' ;
LBRACK      : '[' ;
RBRACK      : ']' ;
DOT         : '.' ;
PLUS        : '+' ;
MINUS       : '-' ;
BANG        : '!' ;
NEWLINE     : '\n' ;
WS          : [ \t\f\u000B\r]+ -> skip ;
OTHER       : . ;
