/*
 * ASN.1 grammar for ilpc, written from ITU-T X.680 (with the X.681/X.682/X.683 and
 * X.208 constructs that real specifications contain recognised loosely).
 *
 * One word leads from grammar to syntax tree: an alternative labelled `# sequenceType`
 * is built by `visitSequenceType` in compiler/frontend/parse.py into the node
 * `ilpc.frontend.ast.SequenceType`.  Alternatives for constructs ilpc does not
 * support (information object classes, ANY, macros, ...) are
 * parsed just far enough to be recognised; the builder reports them as
 * "unsupported" at their first token.
 *
 * Regenerate the Python parser with grammar/regen.sh after editing this file.
 */
grammar ASN1;

// ================================================================== modules

specFile
    : moduleDefinition* EOF
    ;

moduleDefinition
    : name=typeReference oid=objectIdentifierValue?
      DEFINITIONS tagDefault? extensionDefault?
      '::=' BEGIN exports? imports? assignment* END
    ;

tagDefault
    : tagging=(EXPLICIT | IMPLICIT | AUTOMATIC) TAGS
    ;

extensionDefault
    : EXTENSIBILITY IMPLIED
    ;

objectIdentifierValue
    : '{' objectIdentifierComponent+ '}'
    ;

objectIdentifierComponent
    : NUMBER
    | IDENTIFIER ('(' (NUMBER | definedValue) ')')?
    | typeReference '.' IDENTIFIER
    ;

exports
    : EXPORTS ALL ';'                   # exportsAll
    | EXPORTS (symbol (',' symbol)*)? ';' # exportsSymbols
    ;

imports
    : IMPORTS symbolsFromModule* ';'
    ;

// X.680 (2015 on): WITH SUCCESSORS / WITH DESCENDANTS let the OID name a later version
// of the module, or a module under it in the OID tree.
symbolsFromModule
    : symbol (',' symbol)* FROM module=typeReference assignedIdentifier?
      (WITH selection=(SUCCESSORS | DESCENDANTS))?
    ;

// X.680: an identifier after an imported module's name belongs to it unless it is
// followed by ',' or FROM; ANTLR's adaptive prediction makes exactly that choice.
assignedIdentifier
    : objectIdentifierValue
    | definedValue
    ;

// `Name{}` names a parameterized type or value (X.683).  Modules written before a
// character string type became built in define and import it under its name (X.680
// 1994: BMPString, UniversalString; 1997: UTF8String): `builtin` lets the name through.
symbol
    : (typeReference | IDENTIFIER | builtin=charStringKeyword) (parameterized='{' '}')?
    ;

charStringKeyword
    : BMPString | GeneralString | GraphicString | IA5String | ISO646String | NumericString
    | PrintableString | TeletexString | T61String | UniversalString | UTF8String
    | VideotexString | VisibleString
    ;

// ============================================================== assignments

assignment
    : name=typeReference '::=' type                          # typeAssignment
    | name=IDENTIFIER type '::=' value                        # valueAssignment
    | name=typeReference type '::=' setBody                  # valueSetAssignment
    | name=typeReference parameterList '::=' type            # parameterizedTypeAssignment
    | typeName=typeReference parameterList type '::=' bracedTokens # parameterizedAssignment
    | valueName=IDENTIFIER parameterList type '::=' value     # parameterizedAssignment
    | name=typeReference MACRO '::=' BEGIN (~END)* END       # macroDefinition
    | name=typeReference '::=' macroName=ALL_CAPS_REFERENCE macroKeyword macroToken*
                                                             # macroTypeNotation
    | name=IDENTIFIER macroName=ALL_CAPS_REFERENCE macroKeyword macroToken* '::=' value
                                                             # macroValueNotation
    ;

// The right-hand side of a value set or object set assignment (X.680 16.6, X.681 12):
// elements as in a constraint, or only an extension marker.
setBody
    : '{' (elementSetSpecs | '...' (',' elementSetSpecs)?)? '}'
    ;

// X.683: the dummy parameters of a parameterized assignment, `{ T, INTEGER : n }`.
// A governor (`Type :` or `CLASS :`) makes the parameter a value, value set or object
// set; without one it is a type (or, for a capitalised class name, a class).
parameterList
    : '{' parameter (',' parameter)* '}'
    ;

parameter
    : (governor=type ':')? paramName=(TYPE_REFERENCE | ALL_CAPS_REFERENCE | IDENTIFIER)
    ;

// The actual parameters of a reference to a parameterized type: types, values, and
// value or object sets in braces.
actualParameterList
    : '{' actualParameter (',' actualParameter)* '}'
    ;

// A braced set comes first: `{1 | 2}` could also read as a value in braces.
actualParameter
    : '{' elementSetSpecs '}'
    | type
    | value
    ;

// X.208 macro notation is recognised by a capitals-only macro name followed by a
// capitals-only keyword, as in `OBJECT-TYPE SYNTAX ...` or `OPERATION ARGUMENT ...`.
macroKeyword
    : ALL_CAPS_REFERENCE
    | SYNTAX
    ;

macroToken
    : ~('::=' | BEGIN | END)
    ;

// ==================================================================== types

type
    : tag tagging=(IMPLICIT | EXPLICIT)? type                                # taggedType
    | kind=(SEQUENCE | SET) (SIZE size=constraint | constraint)? OF
      elementName=IDENTIFIER? type                                        # sequenceOfType
    | typeBody constraint*                                                # constrainedType
    ;

typeBody
    : (BOOLEAN | NULL | REAL | OCTET STRING)                              # builtinType
    | INTEGER ('{' namedNumber (',' namedNumber)* '}')?                   # integerType
    | ENUMERATED '{' enumerationItem (',' enumerationItem)* '}'           # enumeratedType
    | BIT STRING ('{' namedNumber (',' namedNumber)* '}')?                # bitStringType
    | kind=( BMPString | GeneralString | GraphicString | IA5String | ISO646String
           | NumericString | PrintableString | TeletexString | T61String
           | UniversalString | UTF8String | VideotexString | VisibleString ) # charStringType
    | kind=(SEQUENCE | SET) '{' (componentItem (',' componentItem)*)? '}' # sequenceType
    | CHOICE '{' componentItem (',' componentItem)* '}'                   # choiceType
    | (module=typeReference '.')? name=typeReference                      # typeRef
    | (module=typeReference '.')? name=typeReference actualParameterList  # parameterizedType
    // --- recognised; parse.py builds some (OID, ANY, time types) and reports the rest
    | definedObjectClass '.' fieldName                                    # objectClassFieldType
    | CLASS '{' fieldSpec (',' fieldSpec)* '}' (WITH SYNTAX syntax=bracedTokens)? # objectClass
    | (OBJECT IDENTIFIER_KW | RELATIVE_OID | OID_IRI | RELATIVE_OID_IRI)  # objectIdentifierType
    | CHARACTER STRING                                                    # unrestrictedCharacterStringType
    | EMBEDDED PDV                                                        # embeddedPdvType
    | EXTERNAL                                                            # externalType
    | ANY (DEFINED BY IDENTIFIER)?                                        # anyType
    | INSTANCE OF definedObjectClass                                      # instanceOfType
    | ( UTCTime | GeneralizedTime | TIME | DATE | TIME_OF_DAY | DATE_TIME
      | DURATION )                                                        # timeType
    | ObjectDescriptor                                                    # objectDescriptorType
    | (TYPE_IDENTIFIER | ABSTRACT_SYNTAX)                                 # objectClassDefinition
    | IDENTIFIER '<' type                                                 # selectionType
    ;

// [n], [APPLICATION n], [UNIVERSAL n], [PRIVATE n]
tag
    : '[' tagClass=(UNIVERSAL | APPLICATION | PRIVATE)? tagNumber ']'
    ;

tagNumber
    : NUMBER
    | definedValue
    ;

// INTEGER { a(1), b(-2), c(someValue) } and BIT STRING { bit(0), ... }
namedNumber
    : name=IDENTIFIER '(' (signedNumber | definedValue) ')'
    ;

enumerationItem
    : name=IDENTIFIER ('(' (signedNumber | definedValue) ')')?             # enumItem
    | '...' exceptionSpec?                                                # enumExtensionMarker
    ;

// A SEQUENCE/SET component or a CHOICE alternative.  Items and extension markers come
// as one flat list; the builder checks where the markers may go and marks the
// components between the first and a second '...' as extension additions.
componentItem
    : name=IDENTIFIER type (OPTIONAL | DEFAULT value)?                    # component
    | '...' exceptionSpec?                                                # extensionMarker
    | '[' '[' (NUMBER ':')? componentItem (',' componentItem)* ']' ']'    # extensionAdditionGroup
    | COMPONENTS OF type                                                  # componentsOf
    ;

// X.681 9: a field of an information object class.  `&Type` (a type field, perhaps
// OPTIONAL or with a DEFAULT type) or `&id Type UNIQUE` (a fixed-type value field);
// other kinds (value set, object and object set fields) read the same way.
fieldSpec
    : '&' name=(TYPE_REFERENCE | ALL_CAPS_REFERENCE | IDENTIFIER) type? unique=UNIQUE?
      (OPTIONAL | DEFAULT (value | type))?
    ;

definedObjectClass
    : (typeReference '.')? typeReference
    | TYPE_IDENTIFIER
    | ABSTRACT_SYNTAX
    ;

fieldName
    : '&' (typeReference | IDENTIFIER) ('.' '&' (typeReference | IDENTIFIER))*
    ;

// Type references written in capitals only (MPDU, OPERATION) get their own token so
// that macro notation can be told apart; everywhere a type name goes, both do.
typeReference
    : TYPE_REFERENCE
    | ALL_CAPS_REFERENCE
    ;

// ============================================================== constraints

constraint
    : '(' constraintSpec exceptionSpec? ')'
    ;

constraintSpec
    // X.682 10: `({ObjectSet})` and `({ObjectSet}{@id, @.x})`; first, so that `({Set})`
    // is not read as a value in braces.
    : '{' objectSet=elementSetSpecs '}' ('{' atNotation (',' atNotation)* '}')? # tableConstraint
    | elementSetSpecs                                                     # subtypeConstraint
    | CONSTRAINED BY bracedTokens                                         # userDefinedConstraint
    | (CONTAINING type (ENCODED BY value)? | ENCODED BY value)            # contentsConstraint
    ;

// root [, ... [, additions]]
elementSetSpecs
    : root=elementSetSpec (',' extensionMark='...' exceptionSpec? (',' additions=elementSetSpec)?)?
    ;

// A union ('|' or UNION) of intersections ('^' or INTERSECTION).
elementSetSpec
    : intersections (('|' | UNION) intersections)*
    | ALL EXCEPT elements
    ;

intersections
    : intersectionElements (('^' | INTERSECTION) intersectionElements)*
    ;

intersectionElements
    : elements (EXCEPT excluded=elements)?
    ;

// Where an element reads as both a value and a type (NULL), the first alternative,
// the value, is taken.
elements
    : value                                                               # singleValue
    | lower=rangeEndpoint lowerOpen='<'? '..' upperOpen='<'? upper=rangeEndpoint # valueRange
    // "1...2" is the real "1." then ".." (X.680 12.9: a point may end a real); the
    // lexer cannot tell it from "1" and "...", so the builder checks they touch
    | pointed=NUMBER ELLIPSIS upperOpen='<'? upper=rangeEndpoint           # pointedRange
    | SIZE constraint                                                     # sizeConstraint
    | FROM constraint                                                     # permittedAlphabet
    | '(' elementSetSpec ')'                                              # parenthesizedElementSet
    | INCLUDES? type                                                      # containedSubtype
    | WITH COMPONENT constraint                                           # singleInnerTypeConstraint
    | WITH COMPONENTS '{' ( partial='...' (',' componentConstraint)*
                          | componentConstraint (',' componentConstraint)* ) '}' # multipleInnerTypeConstraint
    | PATTERN value                                                       # patternConstraint
    | SETTINGS CSTRING                                                    # propertySettings
    ;

// X.680 51.8: a component named in WITH COMPONENTS, with a value constraint and/or a
// presence constraint.
componentConstraint
    : name=IDENTIFIER constraint? presence=(PRESENT | ABSENT | OPTIONAL)?
    ;

// X.682 10.7: `@id` (a component of the outermost enclosing type), `@.id` (of the
// innermost one), `@a.b` (a component inside a component).
atNotation
    : '@' (inner='.')? IDENTIFIER ('.' IDENTIFIER)*
    ;

rangeEndpoint
    : value
    | MIN
    | MAX
    ;

exceptionSpec
    : '!' (type ':')? value
    ;

// =================================================================== values

value
    : signedNumber                                                        # intValue
    | '-'? REAL_NUMBER                                                    # realValue
    | (PLUS_INFINITY | MINUS_INFINITY | NOT_A_NUMBER)                     # specialRealValue
    | (TRUE | FALSE)                                                      # boolValue
    | NULL                                                                # nullValue
    | CSTRING                                                             # stringValue
    | (BSTRING | HSTRING | QUOTED_WITHOUT_RADIX)                          # bitsValue
    | definedValue                                                        # valueRef
    | IDENTIFIER ':' value                                                # choiceValue
    // SEQUENCE/SET values `{ a 1, b TRUE }` and `{}`; SEQUENCE OF/SET OF and named-bit
    // values `{ 1, 2 }`, `{ bit1, bit3 }`.  Which one a value is, the type decides.
    | '{' '}'                                                             # emptyBracedValue
    | '{' namedValue (',' namedValue)* '}'                                # namedValueList
    | '{' value (',' value)* '}'                                          # valueList
    // --- recognised: braces the type reads (OID values, information objects), and the rest
    | bracedTokens                                                        # bracedValue
    | typeReference ':' value                                             # openTypeValue
    | CONTAINING value                                                    # containingValue
    ;

namedValue
    : name=IDENTIFIER value
    ;

signedNumber
    : '-'? NUMBER
    ;

definedValue
    : (module=typeReference '.')? name=IDENTIFIER
    ;

// Anything between balanced braces: the parts of unsupported constructs that ilpc
// does not need to understand (object sets, WITH COMPONENTS, parameters, ...).
bracedTokens
    : '{' (bracedTokens | ~('{' | '}'))* '}'
    ;

// ==================================================================== lexer

// Reserved words (X.680 clause 12.38, X.681, and the X.208 words ANY, DEFINED, MACRO).
// They come before the reference rules: on a tie the first rule wins.
ABSENT              : 'ABSENT';
ABSTRACT_SYNTAX     : 'ABSTRACT-SYNTAX';
ALL                 : 'ALL';
ANY                 : 'ANY';
APPLICATION         : 'APPLICATION';
AUTOMATIC           : 'AUTOMATIC';
BEGIN               : 'BEGIN';
BIT                 : 'BIT';
BMPString           : 'BMPString';
BOOLEAN             : 'BOOLEAN';
BY                  : 'BY';
CHARACTER           : 'CHARACTER';
CHOICE              : 'CHOICE';
CLASS               : 'CLASS';
COMPONENT           : 'COMPONENT';
COMPONENTS          : 'COMPONENTS';
CONSTRAINED         : 'CONSTRAINED';
CONTAINING          : 'CONTAINING';
DATE                : 'DATE';
DATE_TIME           : 'DATE-TIME';
DEFAULT             : 'DEFAULT';
DEFINED             : 'DEFINED';
DEFINITIONS         : 'DEFINITIONS';
DESCENDANTS         : 'DESCENDANTS';
DURATION            : 'DURATION';
EMBEDDED            : 'EMBEDDED';
ENCODED             : 'ENCODED';
END                 : 'END';
ENUMERATED          : 'ENUMERATED';
EXCEPT              : 'EXCEPT';
EXPLICIT            : 'EXPLICIT';
EXPORTS             : 'EXPORTS';
EXTENSIBILITY       : 'EXTENSIBILITY';
EXTERNAL            : 'EXTERNAL';
FALSE               : 'FALSE';
FROM                : 'FROM';
GeneralizedTime     : 'GeneralizedTime';
GeneralString       : 'GeneralString';
GraphicString       : 'GraphicString';
IA5String           : 'IA5String';
IDENTIFIER_KW       : 'IDENTIFIER';
IMPLICIT            : 'IMPLICIT';
IMPLIED             : 'IMPLIED';
IMPORTS             : 'IMPORTS';
INCLUDES            : 'INCLUDES';
INSTANCE            : 'INSTANCE';
INTEGER             : 'INTEGER';
INTERSECTION        : 'INTERSECTION';
ISO646String        : 'ISO646String';
MACRO               : 'MACRO';
MAX                 : 'MAX';
MIN                 : 'MIN';
MINUS_INFINITY      : 'MINUS-INFINITY';
NOT_A_NUMBER        : 'NOT-A-NUMBER';
NULL                : 'NULL';
NumericString       : 'NumericString';
OBJECT              : 'OBJECT';
ObjectDescriptor    : 'ObjectDescriptor';
OCTET               : 'OCTET';
OF                  : 'OF';
OID_IRI             : 'OID-IRI';
OPTIONAL            : 'OPTIONAL';
PATTERN             : 'PATTERN';
PDV                 : 'PDV';
PLUS_INFINITY       : 'PLUS-INFINITY';
PrintableString     : 'PrintableString';
PRESENT             : 'PRESENT';
PRIVATE             : 'PRIVATE';
REAL                : 'REAL';
RELATIVE_OID        : 'RELATIVE-OID';
RELATIVE_OID_IRI    : 'RELATIVE-OID-IRI';
SEQUENCE            : 'SEQUENCE';
SET                 : 'SET';
SETTINGS            : 'SETTINGS';
SIZE                : 'SIZE';
STRING              : 'STRING';
SUCCESSORS          : 'SUCCESSORS';
SYNTAX              : 'SYNTAX';
T61String           : 'T61String';
TAGS                : 'TAGS';
TeletexString       : 'TeletexString';
TIME                : 'TIME';
TIME_OF_DAY         : 'TIME-OF-DAY';
TRUE                : 'TRUE';
TYPE_IDENTIFIER     : 'TYPE-IDENTIFIER';
UNIQUE              : 'UNIQUE';
UNION               : 'UNION';
UNIVERSAL           : 'UNIVERSAL';
UniversalString     : 'UniversalString';
UTCTime             : 'UTCTime';
UTF8String          : 'UTF8String';
VideotexString      : 'VideotexString';
VisibleString       : 'VisibleString';
WITH                : 'WITH';

// Punctuation (X.680 clause 12.37 and the single-character lexical items).
ASSIGN              : '::=';
COMMA               : ',';
ELLIPSIS            : '...';
RANGE               : '..';
DOT                 : '.';
LBRACE              : '{';
RBRACE              : '}';
LPAREN              : '(';
RPAREN              : ')';
LBRACKET            : '[';
RBRACKET            : ']';
SEMICOLON           : ';';
COLON               : ':';
MINUS               : '-';
BAR                 : '|';
CARET               : '^';
LESS                : '<';
GREATER             : '>';
AT                  : '@';
EXCLAMATION         : '!';
AMPERSAND           : '&';

// Names (X.680 12.2-12.3): a letter, then letters, digits and single hyphens, never
// ending in a hyphen; "--" starts a comment instead.  A name in capitals only is an
// ALL_CAPS_REFERENCE (X.681's lexical form of an object class or macro name).
// Underscores are not ASN.1; they are let in so that parse.py reports the name once
// instead of the parser stumbling over its pieces.
ALL_CAPS_REFERENCE  : [A-Z] ([A-Z0-9_] | '-' [A-Z0-9_])*;
TYPE_REFERENCE      : [A-Z] ([a-zA-Z0-9_] | '-' [a-zA-Z0-9_])*;
IDENTIFIER          : [a-z] ([a-zA-Z0-9_] | '-' [a-zA-Z0-9_])*;

// Numbers (X.680 12.8-12.9): a real has a point, an exponent (signed or not), or
// both; "1." (no digits after the point) is a real only when no second point
// follows, so that "0..10" stays a range.
NUMBER              : [0-9]+;
REAL_NUMBER         : [0-9]+ ('.' [0-9]*)? [eE] [+\-]? [0-9]+
                    | [0-9]+ '.' [0-9]+
                    | [0-9]+ '.' {self._input.LA(1) != 46}?
                    ;

// Strings (X.680 12.10-12.14): "" inside a cstring stands for one quote.  The digits
// of a bstring/hstring, and a quoted string with neither B nor H after it, are
// checked by the builder, which gives a better message than the lexer could.
CSTRING             : '"' (~'"' | '""')* '"';
BSTRING             : '\'' ~'\''* '\'B';
HSTRING             : '\'' ~'\''* '\'H';
QUOTED_WITHOUT_RADIX: '\'' ~'\''* '\'';

// Comments (X.680 12.6): "--" up to the next "--" or the end of the line; "/*" up to
// the matching "*/", nesting.  Line comments go to the hidden channel so that
// parse.py can see where one was closed mid-line (a classic trap: "-- a -- b" leaves
// "b" outside the comment) and point there when the parser then fails.
LINE_COMMENT        : '--' (~[\-\r\n] | '-' ~[\-\r\n])* ('--' | '-')? -> channel(HIDDEN);
BLOCK_COMMENT       : '/*' (BLOCK_COMMENT | .)*? '*/' -> skip;

WHITESPACE          : [ \t\r\n\u000B\u000C]+ -> skip;
