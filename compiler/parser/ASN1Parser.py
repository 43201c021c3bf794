# Generated from ASN1.g4 by ANTLR 4.13.2
# encoding: utf-8
from antlr4 import *
from io import StringIO
import sys
if sys.version_info[1] > 5:
	from typing import TextIO
else:
	from typing.io import TextIO

def serializedATN():
    return [
        4,1,122,671,2,0,7,0,2,1,7,1,2,2,7,2,2,3,7,3,2,4,7,4,2,5,7,5,2,6,
        7,6,2,7,7,7,2,8,7,8,2,9,7,9,2,10,7,10,2,11,7,11,2,12,7,12,2,13,7,
        13,2,14,7,14,2,15,7,15,2,16,7,16,2,17,7,17,2,18,7,18,2,19,7,19,2,
        20,7,20,2,21,7,21,2,22,7,22,2,23,7,23,2,24,7,24,2,25,7,25,2,26,7,
        26,2,27,7,27,2,28,7,28,2,29,7,29,2,30,7,30,2,31,7,31,2,32,7,32,2,
        33,7,33,2,34,7,34,2,35,7,35,2,36,7,36,1,0,5,0,76,8,0,10,0,12,0,79,
        9,0,1,0,1,0,1,1,1,1,3,1,85,8,1,1,1,1,1,3,1,89,8,1,1,1,3,1,92,8,1,
        1,1,1,1,1,1,3,1,97,8,1,1,1,3,1,100,8,1,1,1,5,1,103,8,1,10,1,12,1,
        106,9,1,1,1,1,1,1,2,1,2,1,2,1,3,1,3,1,3,1,4,1,4,4,4,118,8,4,11,4,
        12,4,119,1,4,1,4,1,5,1,5,1,5,1,5,1,5,3,5,129,8,5,1,5,3,5,132,8,5,
        1,5,1,5,1,5,1,5,3,5,138,8,5,1,6,1,6,1,6,1,6,1,6,1,6,1,6,5,6,147,
        8,6,10,6,12,6,150,9,6,3,6,152,8,6,1,6,3,6,155,8,6,1,7,1,7,5,7,159,
        8,7,10,7,12,7,162,9,7,1,7,1,7,1,8,1,8,1,8,5,8,169,8,8,10,8,12,8,
        172,9,8,1,8,1,8,1,8,3,8,177,8,8,1,9,1,9,3,9,181,8,9,1,10,1,10,3,
        10,185,8,10,1,10,1,10,3,10,189,8,10,1,11,1,11,1,11,1,11,1,11,1,11,
        1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,
        1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,
        1,11,1,11,1,11,1,11,5,11,227,8,11,10,11,12,11,230,9,11,1,11,1,11,
        1,11,1,11,1,11,1,11,1,11,5,11,239,8,11,10,11,12,11,242,9,11,1,11,
        1,11,1,11,1,11,5,11,248,8,11,10,11,12,11,251,9,11,1,11,1,11,1,11,
        3,11,256,8,11,1,12,1,12,1,13,1,13,1,14,1,14,3,14,264,8,14,1,14,1,
        14,1,14,1,14,1,14,1,14,3,14,272,8,14,1,14,1,14,3,14,276,8,14,1,14,
        1,14,1,14,5,14,281,8,14,10,14,12,14,284,9,14,3,14,286,8,14,1,15,
        1,15,1,15,1,15,1,15,3,15,293,8,15,1,15,1,15,1,15,1,15,1,15,5,15,
        300,8,15,10,15,12,15,303,9,15,1,15,1,15,3,15,307,8,15,1,15,1,15,
        1,15,1,15,1,15,5,15,314,8,15,10,15,12,15,317,9,15,1,15,1,15,1,15,
        1,15,1,15,1,15,1,15,1,15,5,15,327,8,15,10,15,12,15,330,9,15,1,15,
        1,15,3,15,334,8,15,1,15,1,15,1,15,1,15,1,15,1,15,5,15,342,8,15,10,
        15,12,15,345,9,15,3,15,347,8,15,1,15,1,15,1,15,1,15,1,15,1,15,5,
        15,355,8,15,10,15,12,15,358,9,15,1,15,1,15,1,15,1,15,1,15,3,15,365,
        8,15,1,15,1,15,1,15,1,15,3,15,371,8,15,1,15,1,15,1,15,1,15,1,15,
        1,15,1,15,1,15,1,15,1,15,1,15,1,15,3,15,385,8,15,1,15,1,15,1,15,
        1,15,1,15,1,15,1,15,1,15,1,15,3,15,396,8,15,1,15,1,15,1,15,1,15,
        1,15,1,15,1,15,1,15,1,15,1,15,3,15,408,8,15,1,15,1,15,1,15,1,15,
        3,15,414,8,15,1,16,1,16,3,16,418,8,16,1,16,1,16,1,16,1,17,1,17,3,
        17,425,8,17,1,18,1,18,1,18,1,18,3,18,431,8,18,1,18,1,18,1,19,1,19,
        1,19,1,19,3,19,439,8,19,1,19,1,19,3,19,443,8,19,1,19,1,19,3,19,447,
        8,19,3,19,449,8,19,1,20,1,20,1,20,1,20,1,20,3,20,456,8,20,1,20,1,
        20,3,20,460,8,20,1,20,1,20,1,20,1,20,3,20,466,8,20,1,20,1,20,1,20,
        5,20,471,8,20,10,20,12,20,474,9,20,1,20,1,20,1,20,1,20,1,20,1,20,
        3,20,482,8,20,1,21,1,21,1,21,3,21,487,8,21,1,21,1,21,1,21,3,21,492,
        8,21,1,22,1,22,1,22,3,22,497,8,22,1,22,1,22,1,22,1,22,3,22,503,8,
        22,5,22,505,8,22,10,22,12,22,508,9,22,1,23,1,23,1,24,1,24,1,24,3,
        24,515,8,24,1,24,1,24,1,25,1,25,1,25,1,25,1,25,1,25,1,25,1,25,1,
        25,3,25,528,8,25,1,25,1,25,1,25,3,25,533,8,25,1,25,1,25,1,25,3,25,
        538,8,25,1,26,1,26,1,26,1,26,3,26,544,8,26,1,26,1,26,3,26,548,8,
        26,3,26,550,8,26,1,27,1,27,1,27,5,27,555,8,27,10,27,12,27,558,9,
        27,1,27,1,27,1,27,3,27,563,8,27,1,28,1,28,1,28,5,28,568,8,28,10,
        28,12,28,571,9,28,1,29,1,29,1,29,3,29,576,8,29,1,30,1,30,1,30,3,
        30,581,8,30,1,30,1,30,3,30,585,8,30,1,30,1,30,1,30,1,30,1,30,1,30,
        1,30,1,30,1,30,1,30,1,30,3,30,598,8,30,1,30,1,30,1,30,1,30,1,30,
        1,30,1,30,1,30,1,30,1,30,1,30,3,30,611,8,30,1,31,1,31,1,31,3,31,
        616,8,31,1,32,1,32,1,32,1,32,3,32,622,8,32,1,32,1,32,1,33,1,33,3,
        33,628,8,33,1,33,1,33,1,33,1,33,1,33,1,33,1,33,1,33,1,33,1,33,1,
        33,1,33,1,33,1,33,1,33,1,33,1,33,3,33,647,8,33,1,34,3,34,650,8,34,
        1,34,1,34,1,35,1,35,1,35,3,35,657,8,35,1,35,1,35,1,36,1,36,1,36,
        5,36,664,8,36,10,36,12,36,667,9,36,1,36,1,36,1,36,0,0,37,0,2,4,6,
        8,10,12,14,16,18,20,22,24,26,28,30,32,34,36,38,40,42,44,46,48,50,
        52,54,56,58,60,62,64,66,68,70,72,0,17,3,0,5,5,29,29,40,40,1,0,26,
        26,2,0,74,74,111,111,3,0,6,6,26,26,90,90,2,0,29,29,40,40,1,0,69,
        70,9,0,8,8,36,38,47,47,54,54,64,64,75,75,77,77,84,84,86,88,5,0,18,
        19,23,23,35,35,78,79,85,85,2,0,1,1,81,81,3,0,4,4,65,65,83,83,1,0,
        111,112,2,0,82,82,104,104,2,0,46,46,105,105,2,0,51,52,63,63,2,0,
        33,33,80,80,1,0,117,119,1,0,95,96,775,0,77,1,0,0,0,2,82,1,0,0,0,
        4,109,1,0,0,0,6,112,1,0,0,0,8,115,1,0,0,0,10,137,1,0,0,0,12,154,
        1,0,0,0,14,156,1,0,0,0,16,165,1,0,0,0,18,180,1,0,0,0,20,184,1,0,
        0,0,22,255,1,0,0,0,24,257,1,0,0,0,26,259,1,0,0,0,28,285,1,0,0,0,
        30,413,1,0,0,0,32,415,1,0,0,0,34,424,1,0,0,0,36,426,1,0,0,0,38,448,
        1,0,0,0,40,481,1,0,0,0,42,491,1,0,0,0,44,493,1,0,0,0,46,509,1,0,
        0,0,48,511,1,0,0,0,50,537,1,0,0,0,52,539,1,0,0,0,54,562,1,0,0,0,
        56,564,1,0,0,0,58,572,1,0,0,0,60,610,1,0,0,0,62,615,1,0,0,0,64,617,
        1,0,0,0,66,646,1,0,0,0,68,649,1,0,0,0,70,656,1,0,0,0,72,660,1,0,
        0,0,74,76,3,2,1,0,75,74,1,0,0,0,76,79,1,0,0,0,77,75,1,0,0,0,77,78,
        1,0,0,0,78,80,1,0,0,0,79,77,1,0,0,0,80,81,5,0,0,1,81,1,1,0,0,0,82,
        84,3,46,23,0,83,85,3,8,4,0,84,83,1,0,0,0,84,85,1,0,0,0,85,86,1,0,
        0,0,86,88,5,22,0,0,87,89,3,4,2,0,88,87,1,0,0,0,88,89,1,0,0,0,89,
        91,1,0,0,0,90,92,3,6,3,0,91,90,1,0,0,0,91,92,1,0,0,0,92,93,1,0,0,
        0,93,94,5,90,0,0,94,96,5,6,0,0,95,97,3,12,6,0,96,95,1,0,0,0,96,97,
        1,0,0,0,97,99,1,0,0,0,98,100,3,14,7,0,99,98,1,0,0,0,99,100,1,0,0,
        0,100,104,1,0,0,0,101,103,3,22,11,0,102,101,1,0,0,0,103,106,1,0,
        0,0,104,102,1,0,0,0,104,105,1,0,0,0,105,107,1,0,0,0,106,104,1,0,
        0,0,107,108,5,26,0,0,108,3,1,0,0,0,109,110,7,0,0,0,110,111,5,76,
        0,0,111,5,1,0,0,0,112,113,5,31,0,0,113,114,5,41,0,0,114,7,1,0,0,
        0,115,117,5,95,0,0,116,118,3,10,5,0,117,116,1,0,0,0,118,119,1,0,
        0,0,119,117,1,0,0,0,119,120,1,0,0,0,120,121,1,0,0,0,121,122,5,96,
        0,0,122,9,1,0,0,0,123,138,5,114,0,0,124,131,5,113,0,0,125,128,5,
        97,0,0,126,129,5,114,0,0,127,129,3,70,35,0,128,126,1,0,0,0,128,127,
        1,0,0,0,129,130,1,0,0,0,130,132,5,98,0,0,131,125,1,0,0,0,131,132,
        1,0,0,0,132,138,1,0,0,0,133,134,3,46,23,0,134,135,5,94,0,0,135,136,
        5,113,0,0,136,138,1,0,0,0,137,123,1,0,0,0,137,124,1,0,0,0,137,133,
        1,0,0,0,138,11,1,0,0,0,139,140,5,30,0,0,140,141,5,2,0,0,141,155,
        5,101,0,0,142,151,5,30,0,0,143,148,3,20,10,0,144,145,5,91,0,0,145,
        147,3,20,10,0,146,144,1,0,0,0,147,150,1,0,0,0,148,146,1,0,0,0,148,
        149,1,0,0,0,149,152,1,0,0,0,150,148,1,0,0,0,151,143,1,0,0,0,151,
        152,1,0,0,0,152,153,1,0,0,0,153,155,5,101,0,0,154,139,1,0,0,0,154,
        142,1,0,0,0,155,13,1,0,0,0,156,160,5,42,0,0,157,159,3,16,8,0,158,
        157,1,0,0,0,159,162,1,0,0,0,160,158,1,0,0,0,160,161,1,0,0,0,161,
        163,1,0,0,0,162,160,1,0,0,0,163,164,5,101,0,0,164,15,1,0,0,0,165,
        170,3,20,10,0,166,167,5,91,0,0,167,169,3,20,10,0,168,166,1,0,0,0,
        169,172,1,0,0,0,170,168,1,0,0,0,170,171,1,0,0,0,171,173,1,0,0,0,
        172,170,1,0,0,0,173,174,5,34,0,0,174,176,3,46,23,0,175,177,3,18,
        9,0,176,175,1,0,0,0,176,177,1,0,0,0,177,17,1,0,0,0,178,181,3,8,4,
        0,179,181,3,70,35,0,180,178,1,0,0,0,180,179,1,0,0,0,181,19,1,0,0,
        0,182,185,3,46,23,0,183,185,5,113,0,0,184,182,1,0,0,0,184,183,1,
        0,0,0,185,188,1,0,0,0,186,187,5,95,0,0,187,189,5,96,0,0,188,186,
        1,0,0,0,188,189,1,0,0,0,189,21,1,0,0,0,190,191,3,46,23,0,191,192,
        5,90,0,0,192,193,3,28,14,0,193,256,1,0,0,0,194,195,5,113,0,0,195,
        196,3,28,14,0,196,197,5,90,0,0,197,198,3,66,33,0,198,256,1,0,0,0,
        199,200,3,46,23,0,200,201,3,28,14,0,201,202,5,90,0,0,202,203,3,72,
        36,0,203,256,1,0,0,0,204,205,3,46,23,0,205,206,3,72,36,0,206,207,
        5,90,0,0,207,208,3,28,14,0,208,256,1,0,0,0,209,210,3,46,23,0,210,
        211,3,72,36,0,211,212,3,28,14,0,212,213,5,90,0,0,213,214,3,72,36,
        0,214,256,1,0,0,0,215,216,5,113,0,0,216,217,3,72,36,0,217,218,3,
        28,14,0,218,219,5,90,0,0,219,220,3,66,33,0,220,256,1,0,0,0,221,222,
        3,46,23,0,222,223,5,48,0,0,223,224,5,90,0,0,224,228,5,6,0,0,225,
        227,8,1,0,0,226,225,1,0,0,0,227,230,1,0,0,0,228,226,1,0,0,0,228,
        229,1,0,0,0,229,231,1,0,0,0,230,228,1,0,0,0,231,232,5,26,0,0,232,
        256,1,0,0,0,233,234,3,46,23,0,234,235,5,90,0,0,235,236,5,111,0,0,
        236,240,3,24,12,0,237,239,3,26,13,0,238,237,1,0,0,0,239,242,1,0,
        0,0,240,238,1,0,0,0,240,241,1,0,0,0,241,256,1,0,0,0,242,240,1,0,
        0,0,243,244,5,113,0,0,244,245,5,111,0,0,245,249,3,24,12,0,246,248,
        3,26,13,0,247,246,1,0,0,0,248,251,1,0,0,0,249,247,1,0,0,0,249,250,
        1,0,0,0,250,252,1,0,0,0,251,249,1,0,0,0,252,253,5,90,0,0,253,254,
        3,66,33,0,254,256,1,0,0,0,255,190,1,0,0,0,255,194,1,0,0,0,255,199,
        1,0,0,0,255,204,1,0,0,0,255,209,1,0,0,0,255,215,1,0,0,0,255,221,
        1,0,0,0,255,233,1,0,0,0,255,243,1,0,0,0,256,23,1,0,0,0,257,258,7,
        2,0,0,258,25,1,0,0,0,259,260,8,3,0,0,260,27,1,0,0,0,261,263,3,32,
        16,0,262,264,7,4,0,0,263,262,1,0,0,0,263,264,1,0,0,0,264,265,1,0,
        0,0,265,266,3,28,14,0,266,286,1,0,0,0,267,271,7,5,0,0,268,269,5,
        72,0,0,269,272,3,48,24,0,270,272,3,48,24,0,271,268,1,0,0,0,271,270,
        1,0,0,0,271,272,1,0,0,0,272,273,1,0,0,0,273,275,5,58,0,0,274,276,
        5,113,0,0,275,274,1,0,0,0,275,276,1,0,0,0,276,277,1,0,0,0,277,286,
        3,28,14,0,278,282,3,30,15,0,279,281,3,48,24,0,280,279,1,0,0,0,281,
        284,1,0,0,0,282,280,1,0,0,0,282,283,1,0,0,0,283,286,1,0,0,0,284,
        282,1,0,0,0,285,261,1,0,0,0,285,267,1,0,0,0,285,278,1,0,0,0,286,
        29,1,0,0,0,287,293,5,9,0,0,288,293,5,53,0,0,289,293,5,66,0,0,290,
        291,5,57,0,0,291,293,5,73,0,0,292,287,1,0,0,0,292,288,1,0,0,0,292,
        289,1,0,0,0,292,290,1,0,0,0,293,414,1,0,0,0,294,306,5,45,0,0,295,
        296,5,95,0,0,296,301,3,36,18,0,297,298,5,91,0,0,298,300,3,36,18,
        0,299,297,1,0,0,0,300,303,1,0,0,0,301,299,1,0,0,0,301,302,1,0,0,
        0,302,304,1,0,0,0,303,301,1,0,0,0,304,305,5,96,0,0,305,307,1,0,0,
        0,306,295,1,0,0,0,306,307,1,0,0,0,307,414,1,0,0,0,308,309,5,27,0,
        0,309,310,5,95,0,0,310,315,3,38,19,0,311,312,5,91,0,0,312,314,3,
        38,19,0,313,311,1,0,0,0,314,317,1,0,0,0,315,313,1,0,0,0,315,316,
        1,0,0,0,316,318,1,0,0,0,317,315,1,0,0,0,318,319,5,96,0,0,319,414,
        1,0,0,0,320,321,5,7,0,0,321,333,5,73,0,0,322,323,5,95,0,0,323,328,
        3,36,18,0,324,325,5,91,0,0,325,327,3,36,18,0,326,324,1,0,0,0,327,
        330,1,0,0,0,328,326,1,0,0,0,328,329,1,0,0,0,329,331,1,0,0,0,330,
        328,1,0,0,0,331,332,5,96,0,0,332,334,1,0,0,0,333,322,1,0,0,0,333,
        334,1,0,0,0,334,414,1,0,0,0,335,414,7,6,0,0,336,337,7,5,0,0,337,
        346,5,95,0,0,338,343,3,40,20,0,339,340,5,91,0,0,340,342,3,40,20,
        0,341,339,1,0,0,0,342,345,1,0,0,0,343,341,1,0,0,0,343,344,1,0,0,
        0,344,347,1,0,0,0,345,343,1,0,0,0,346,338,1,0,0,0,346,347,1,0,0,
        0,347,348,1,0,0,0,348,414,5,96,0,0,349,350,5,12,0,0,350,351,5,95,
        0,0,351,356,3,40,20,0,352,353,5,91,0,0,353,355,3,40,20,0,354,352,
        1,0,0,0,355,358,1,0,0,0,356,354,1,0,0,0,356,357,1,0,0,0,357,359,
        1,0,0,0,358,356,1,0,0,0,359,360,5,96,0,0,360,414,1,0,0,0,361,362,
        3,46,23,0,362,363,5,94,0,0,363,365,1,0,0,0,364,361,1,0,0,0,364,365,
        1,0,0,0,365,366,1,0,0,0,366,414,3,46,23,0,367,368,3,46,23,0,368,
        369,5,94,0,0,369,371,1,0,0,0,370,367,1,0,0,0,370,371,1,0,0,0,371,
        372,1,0,0,0,372,373,3,46,23,0,373,374,3,72,36,0,374,414,1,0,0,0,
        375,376,3,42,21,0,376,377,5,94,0,0,377,378,3,44,22,0,378,414,1,0,
        0,0,379,380,5,55,0,0,380,385,5,39,0,0,381,385,5,67,0,0,382,385,5,
        59,0,0,383,385,5,68,0,0,384,379,1,0,0,0,384,381,1,0,0,0,384,382,
        1,0,0,0,384,383,1,0,0,0,385,414,1,0,0,0,386,387,5,11,0,0,387,414,
        5,73,0,0,388,389,5,24,0,0,389,414,5,62,0,0,390,414,5,32,0,0,391,
        395,5,3,0,0,392,393,5,21,0,0,393,394,5,10,0,0,394,396,5,113,0,0,
        395,392,1,0,0,0,395,396,1,0,0,0,396,414,1,0,0,0,397,398,5,44,0,0,
        398,399,5,58,0,0,399,414,3,42,21,0,400,414,7,7,0,0,401,414,5,56,
        0,0,402,403,5,13,0,0,403,407,3,72,36,0,404,405,5,89,0,0,405,406,
        5,74,0,0,406,408,3,72,36,0,407,404,1,0,0,0,407,408,1,0,0,0,408,414,
        1,0,0,0,409,414,7,8,0,0,410,411,5,113,0,0,411,412,5,106,0,0,412,
        414,3,28,14,0,413,292,1,0,0,0,413,294,1,0,0,0,413,308,1,0,0,0,413,
        320,1,0,0,0,413,335,1,0,0,0,413,336,1,0,0,0,413,349,1,0,0,0,413,
        364,1,0,0,0,413,370,1,0,0,0,413,375,1,0,0,0,413,384,1,0,0,0,413,
        386,1,0,0,0,413,388,1,0,0,0,413,390,1,0,0,0,413,391,1,0,0,0,413,
        397,1,0,0,0,413,400,1,0,0,0,413,401,1,0,0,0,413,402,1,0,0,0,413,
        409,1,0,0,0,413,410,1,0,0,0,414,31,1,0,0,0,415,417,5,99,0,0,416,
        418,7,9,0,0,417,416,1,0,0,0,417,418,1,0,0,0,418,419,1,0,0,0,419,
        420,3,34,17,0,420,421,5,100,0,0,421,33,1,0,0,0,422,425,5,114,0,0,
        423,425,3,70,35,0,424,422,1,0,0,0,424,423,1,0,0,0,425,35,1,0,0,0,
        426,427,5,113,0,0,427,430,5,97,0,0,428,431,3,68,34,0,429,431,3,70,
        35,0,430,428,1,0,0,0,430,429,1,0,0,0,431,432,1,0,0,0,432,433,5,98,
        0,0,433,37,1,0,0,0,434,442,5,113,0,0,435,438,5,97,0,0,436,439,3,
        68,34,0,437,439,3,70,35,0,438,436,1,0,0,0,438,437,1,0,0,0,439,440,
        1,0,0,0,440,441,5,98,0,0,441,443,1,0,0,0,442,435,1,0,0,0,442,443,
        1,0,0,0,443,449,1,0,0,0,444,446,5,92,0,0,445,447,3,64,32,0,446,445,
        1,0,0,0,446,447,1,0,0,0,447,449,1,0,0,0,448,434,1,0,0,0,448,444,
        1,0,0,0,449,39,1,0,0,0,450,451,5,113,0,0,451,455,3,28,14,0,452,456,
        5,60,0,0,453,454,5,20,0,0,454,456,3,66,33,0,455,452,1,0,0,0,455,
        453,1,0,0,0,455,456,1,0,0,0,456,482,1,0,0,0,457,459,5,92,0,0,458,
        460,3,64,32,0,459,458,1,0,0,0,459,460,1,0,0,0,460,482,1,0,0,0,461,
        462,5,99,0,0,462,465,5,99,0,0,463,464,5,114,0,0,464,466,5,102,0,
        0,465,463,1,0,0,0,465,466,1,0,0,0,466,467,1,0,0,0,467,472,3,40,20,
        0,468,469,5,91,0,0,469,471,3,40,20,0,470,468,1,0,0,0,471,474,1,0,
        0,0,472,470,1,0,0,0,472,473,1,0,0,0,473,475,1,0,0,0,474,472,1,0,
        0,0,475,476,5,100,0,0,476,477,5,100,0,0,477,482,1,0,0,0,478,479,
        5,15,0,0,479,480,5,58,0,0,480,482,3,28,14,0,481,450,1,0,0,0,481,
        457,1,0,0,0,481,461,1,0,0,0,481,478,1,0,0,0,482,41,1,0,0,0,483,484,
        3,46,23,0,484,485,5,94,0,0,485,487,1,0,0,0,486,483,1,0,0,0,486,487,
        1,0,0,0,487,488,1,0,0,0,488,492,3,46,23,0,489,492,5,81,0,0,490,492,
        5,1,0,0,491,486,1,0,0,0,491,489,1,0,0,0,491,490,1,0,0,0,492,43,1,
        0,0,0,493,496,5,110,0,0,494,497,3,46,23,0,495,497,5,113,0,0,496,
        494,1,0,0,0,496,495,1,0,0,0,497,506,1,0,0,0,498,499,5,94,0,0,499,
        502,5,110,0,0,500,503,3,46,23,0,501,503,5,113,0,0,502,500,1,0,0,
        0,502,501,1,0,0,0,503,505,1,0,0,0,504,498,1,0,0,0,505,508,1,0,0,
        0,506,504,1,0,0,0,506,507,1,0,0,0,507,45,1,0,0,0,508,506,1,0,0,0,
        509,510,7,10,0,0,510,47,1,0,0,0,511,512,5,97,0,0,512,514,3,50,25,
        0,513,515,3,64,32,0,514,513,1,0,0,0,514,515,1,0,0,0,515,516,1,0,
        0,0,516,517,5,98,0,0,517,49,1,0,0,0,518,538,3,52,26,0,519,520,5,
        16,0,0,520,521,5,10,0,0,521,538,3,72,36,0,522,523,5,17,0,0,523,527,
        3,28,14,0,524,525,5,25,0,0,525,526,5,10,0,0,526,528,3,66,33,0,527,
        524,1,0,0,0,527,528,1,0,0,0,528,533,1,0,0,0,529,530,5,25,0,0,530,
        531,5,10,0,0,531,533,3,66,33,0,532,522,1,0,0,0,532,529,1,0,0,0,533,
        538,1,0,0,0,534,535,3,72,36,0,535,536,3,72,36,0,536,538,1,0,0,0,
        537,518,1,0,0,0,537,519,1,0,0,0,537,532,1,0,0,0,537,534,1,0,0,0,
        538,51,1,0,0,0,539,549,3,54,27,0,540,541,5,91,0,0,541,543,5,92,0,
        0,542,544,3,64,32,0,543,542,1,0,0,0,543,544,1,0,0,0,544,547,1,0,
        0,0,545,546,5,91,0,0,546,548,3,54,27,0,547,545,1,0,0,0,547,548,1,
        0,0,0,548,550,1,0,0,0,549,540,1,0,0,0,549,550,1,0,0,0,550,53,1,0,
        0,0,551,556,3,56,28,0,552,553,7,11,0,0,553,555,3,56,28,0,554,552,
        1,0,0,0,555,558,1,0,0,0,556,554,1,0,0,0,556,557,1,0,0,0,557,563,
        1,0,0,0,558,556,1,0,0,0,559,560,5,2,0,0,560,561,5,28,0,0,561,563,
        3,60,30,0,562,551,1,0,0,0,562,559,1,0,0,0,563,55,1,0,0,0,564,569,
        3,58,29,0,565,566,7,12,0,0,566,568,3,58,29,0,567,565,1,0,0,0,568,
        571,1,0,0,0,569,567,1,0,0,0,569,570,1,0,0,0,570,57,1,0,0,0,571,569,
        1,0,0,0,572,575,3,60,30,0,573,574,5,28,0,0,574,576,3,60,30,0,575,
        573,1,0,0,0,575,576,1,0,0,0,576,59,1,0,0,0,577,611,3,66,33,0,578,
        580,3,62,31,0,579,581,5,106,0,0,580,579,1,0,0,0,580,581,1,0,0,0,
        581,582,1,0,0,0,582,584,5,93,0,0,583,585,5,106,0,0,584,583,1,0,0,
        0,584,585,1,0,0,0,585,586,1,0,0,0,586,587,3,62,31,0,587,611,1,0,
        0,0,588,589,5,72,0,0,589,611,3,48,24,0,590,591,5,34,0,0,591,611,
        3,48,24,0,592,593,5,97,0,0,593,594,3,54,27,0,594,595,5,98,0,0,595,
        611,1,0,0,0,596,598,5,43,0,0,597,596,1,0,0,0,597,598,1,0,0,0,598,
        599,1,0,0,0,599,611,3,28,14,0,600,601,5,89,0,0,601,602,5,14,0,0,
        602,611,3,48,24,0,603,604,5,89,0,0,604,605,5,15,0,0,605,611,3,72,
        36,0,606,607,5,61,0,0,607,611,3,66,33,0,608,609,5,71,0,0,609,611,
        5,116,0,0,610,577,1,0,0,0,610,578,1,0,0,0,610,588,1,0,0,0,610,590,
        1,0,0,0,610,592,1,0,0,0,610,597,1,0,0,0,610,600,1,0,0,0,610,603,
        1,0,0,0,610,606,1,0,0,0,610,608,1,0,0,0,611,61,1,0,0,0,612,616,3,
        66,33,0,613,616,5,50,0,0,614,616,5,49,0,0,615,612,1,0,0,0,615,613,
        1,0,0,0,615,614,1,0,0,0,616,63,1,0,0,0,617,621,5,109,0,0,618,619,
        3,28,14,0,619,620,5,102,0,0,620,622,1,0,0,0,621,618,1,0,0,0,621,
        622,1,0,0,0,622,623,1,0,0,0,623,624,3,66,33,0,624,65,1,0,0,0,625,
        647,3,68,34,0,626,628,5,103,0,0,627,626,1,0,0,0,627,628,1,0,0,0,
        628,629,1,0,0,0,629,647,5,115,0,0,630,647,7,13,0,0,631,647,7,14,
        0,0,632,647,5,53,0,0,633,647,5,116,0,0,634,647,7,15,0,0,635,647,
        3,70,35,0,636,647,3,72,36,0,637,638,5,113,0,0,638,639,5,102,0,0,
        639,647,3,66,33,0,640,641,3,46,23,0,641,642,5,102,0,0,642,643,3,
        66,33,0,643,647,1,0,0,0,644,645,5,17,0,0,645,647,3,66,33,0,646,625,
        1,0,0,0,646,627,1,0,0,0,646,630,1,0,0,0,646,631,1,0,0,0,646,632,
        1,0,0,0,646,633,1,0,0,0,646,634,1,0,0,0,646,635,1,0,0,0,646,636,
        1,0,0,0,646,637,1,0,0,0,646,640,1,0,0,0,646,644,1,0,0,0,647,67,1,
        0,0,0,648,650,5,103,0,0,649,648,1,0,0,0,649,650,1,0,0,0,650,651,
        1,0,0,0,651,652,5,114,0,0,652,69,1,0,0,0,653,654,3,46,23,0,654,655,
        5,94,0,0,655,657,1,0,0,0,656,653,1,0,0,0,656,657,1,0,0,0,657,658,
        1,0,0,0,658,659,5,113,0,0,659,71,1,0,0,0,660,665,5,95,0,0,661,664,
        3,72,36,0,662,664,8,16,0,0,663,661,1,0,0,0,663,662,1,0,0,0,664,667,
        1,0,0,0,665,663,1,0,0,0,665,666,1,0,0,0,666,668,1,0,0,0,667,665,
        1,0,0,0,668,669,5,96,0,0,669,73,1,0,0,0,84,77,84,88,91,96,99,104,
        119,128,131,137,148,151,154,160,170,176,180,184,188,228,240,249,
        255,263,271,275,282,285,292,301,306,315,328,333,343,346,356,364,
        370,384,395,407,413,417,424,430,438,442,446,448,455,459,465,472,
        481,486,491,496,502,506,514,527,532,537,543,547,549,556,562,569,
        575,580,584,597,610,615,621,627,646,649,656,663,665
    ]

class ASN1Parser ( Parser ):

    grammarFileName = "ASN1.g4"

    atn = ATNDeserializer().deserialize(serializedATN())

    decisionsToDFA = [ DFA(ds, i) for i, ds in enumerate(atn.decisionToState) ]

    sharedContextCache = PredictionContextCache()

    literalNames = [ "<INVALID>", "'ABSTRACT-SYNTAX'", "'ALL'", "'ANY'", 
                     "'APPLICATION'", "'AUTOMATIC'", "'BEGIN'", "'BIT'", 
                     "'BMPString'", "'BOOLEAN'", "'BY'", "'CHARACTER'", 
                     "'CHOICE'", "'CLASS'", "'COMPONENT'", "'COMPONENTS'", 
                     "'CONSTRAINED'", "'CONTAINING'", "'DATE'", "'DATE-TIME'", 
                     "'DEFAULT'", "'DEFINED'", "'DEFINITIONS'", "'DURATION'", 
                     "'EMBEDDED'", "'ENCODED'", "'END'", "'ENUMERATED'", 
                     "'EXCEPT'", "'EXPLICIT'", "'EXPORTS'", "'EXTENSIBILITY'", 
                     "'EXTERNAL'", "'FALSE'", "'FROM'", "'GeneralizedTime'", 
                     "'GeneralString'", "'GraphicString'", "'IA5String'", 
                     "'IDENTIFIER'", "'IMPLICIT'", "'IMPLIED'", "'IMPORTS'", 
                     "'INCLUDES'", "'INSTANCE'", "'INTEGER'", "'INTERSECTION'", 
                     "'ISO646String'", "'MACRO'", "'MAX'", "'MIN'", "'MINUS-INFINITY'", 
                     "'NOT-A-NUMBER'", "'NULL'", "'NumericString'", "'OBJECT'", 
                     "'ObjectDescriptor'", "'OCTET'", "'OF'", "'OID-IRI'", 
                     "'OPTIONAL'", "'PATTERN'", "'PDV'", "'PLUS-INFINITY'", 
                     "'PrintableString'", "'PRIVATE'", "'REAL'", "'RELATIVE-OID'", 
                     "'RELATIVE-OID-IRI'", "'SEQUENCE'", "'SET'", "'SETTINGS'", 
                     "'SIZE'", "'STRING'", "'SYNTAX'", "'T61String'", "'TAGS'", 
                     "'TeletexString'", "'TIME'", "'TIME-OF-DAY'", "'TRUE'", 
                     "'TYPE-IDENTIFIER'", "'UNION'", "'UNIVERSAL'", "'UniversalString'", 
                     "'UTCTime'", "'UTF8String'", "'VideotexString'", "'VisibleString'", 
                     "'WITH'", "'::='", "','", "'...'", "'..'", "'.'", "'{'", 
                     "'}'", "'('", "')'", "'['", "']'", "';'", "':'", "'-'", 
                     "'|'", "'^'", "'<'", "'>'", "'@'", "'!'", "'&'" ]

    symbolicNames = [ "<INVALID>", "ABSTRACT_SYNTAX", "ALL", "ANY", "APPLICATION", 
                      "AUTOMATIC", "BEGIN", "BIT", "BMPString", "BOOLEAN", 
                      "BY", "CHARACTER", "CHOICE", "CLASS", "COMPONENT", 
                      "COMPONENTS", "CONSTRAINED", "CONTAINING", "DATE", 
                      "DATE_TIME", "DEFAULT", "DEFINED", "DEFINITIONS", 
                      "DURATION", "EMBEDDED", "ENCODED", "END", "ENUMERATED", 
                      "EXCEPT", "EXPLICIT", "EXPORTS", "EXTENSIBILITY", 
                      "EXTERNAL", "FALSE", "FROM", "GeneralizedTime", "GeneralString", 
                      "GraphicString", "IA5String", "IDENTIFIER_KW", "IMPLICIT", 
                      "IMPLIED", "IMPORTS", "INCLUDES", "INSTANCE", "INTEGER", 
                      "INTERSECTION", "ISO646String", "MACRO", "MAX", "MIN", 
                      "MINUS_INFINITY", "NOT_A_NUMBER", "NULL", "NumericString", 
                      "OBJECT", "ObjectDescriptor", "OCTET", "OF", "OID_IRI", 
                      "OPTIONAL", "PATTERN", "PDV", "PLUS_INFINITY", "PrintableString", 
                      "PRIVATE", "REAL", "RELATIVE_OID", "RELATIVE_OID_IRI", 
                      "SEQUENCE", "SET", "SETTINGS", "SIZE", "STRING", "SYNTAX", 
                      "T61String", "TAGS", "TeletexString", "TIME", "TIME_OF_DAY", 
                      "TRUE", "TYPE_IDENTIFIER", "UNION", "UNIVERSAL", "UniversalString", 
                      "UTCTime", "UTF8String", "VideotexString", "VisibleString", 
                      "WITH", "ASSIGN", "COMMA", "ELLIPSIS", "RANGE", "DOT", 
                      "LBRACE", "RBRACE", "LPAREN", "RPAREN", "LBRACKET", 
                      "RBRACKET", "SEMICOLON", "COLON", "MINUS", "BAR", 
                      "CARET", "LESS", "GREATER", "AT", "EXCLAMATION", "AMPERSAND", 
                      "ALL_CAPS_REFERENCE", "TYPE_REFERENCE", "IDENTIFIER", 
                      "NUMBER", "REAL_NUMBER", "CSTRING", "BSTRING", "HSTRING", 
                      "QUOTED_WITHOUT_RADIX", "LINE_COMMENT", "BLOCK_COMMENT", 
                      "WHITESPACE" ]

    RULE_specFile = 0
    RULE_moduleDefinition = 1
    RULE_tagDefault = 2
    RULE_extensionDefault = 3
    RULE_objectIdentifierValue = 4
    RULE_objectIdentifierComponent = 5
    RULE_exports = 6
    RULE_imports = 7
    RULE_symbolsFromModule = 8
    RULE_assignedIdentifier = 9
    RULE_symbol = 10
    RULE_assignment = 11
    RULE_macroKeyword = 12
    RULE_macroToken = 13
    RULE_type = 14
    RULE_typeBody = 15
    RULE_tag = 16
    RULE_tagNumber = 17
    RULE_namedNumber = 18
    RULE_enumerationItem = 19
    RULE_componentItem = 20
    RULE_definedObjectClass = 21
    RULE_fieldName = 22
    RULE_typeReference = 23
    RULE_constraint = 24
    RULE_constraintSpec = 25
    RULE_elementSetSpecs = 26
    RULE_elementSetSpec = 27
    RULE_intersections = 28
    RULE_intersectionElements = 29
    RULE_elements = 30
    RULE_rangeEndpoint = 31
    RULE_exceptionSpec = 32
    RULE_value = 33
    RULE_signedNumber = 34
    RULE_definedValue = 35
    RULE_bracedTokens = 36

    ruleNames =  [ "specFile", "moduleDefinition", "tagDefault", "extensionDefault", 
                   "objectIdentifierValue", "objectIdentifierComponent", 
                   "exports", "imports", "symbolsFromModule", "assignedIdentifier", 
                   "symbol", "assignment", "macroKeyword", "macroToken", 
                   "type", "typeBody", "tag", "tagNumber", "namedNumber", 
                   "enumerationItem", "componentItem", "definedObjectClass", 
                   "fieldName", "typeReference", "constraint", "constraintSpec", 
                   "elementSetSpecs", "elementSetSpec", "intersections", 
                   "intersectionElements", "elements", "rangeEndpoint", 
                   "exceptionSpec", "value", "signedNumber", "definedValue", 
                   "bracedTokens" ]

    EOF = Token.EOF
    ABSTRACT_SYNTAX=1
    ALL=2
    ANY=3
    APPLICATION=4
    AUTOMATIC=5
    BEGIN=6
    BIT=7
    BMPString=8
    BOOLEAN=9
    BY=10
    CHARACTER=11
    CHOICE=12
    CLASS=13
    COMPONENT=14
    COMPONENTS=15
    CONSTRAINED=16
    CONTAINING=17
    DATE=18
    DATE_TIME=19
    DEFAULT=20
    DEFINED=21
    DEFINITIONS=22
    DURATION=23
    EMBEDDED=24
    ENCODED=25
    END=26
    ENUMERATED=27
    EXCEPT=28
    EXPLICIT=29
    EXPORTS=30
    EXTENSIBILITY=31
    EXTERNAL=32
    FALSE=33
    FROM=34
    GeneralizedTime=35
    GeneralString=36
    GraphicString=37
    IA5String=38
    IDENTIFIER_KW=39
    IMPLICIT=40
    IMPLIED=41
    IMPORTS=42
    INCLUDES=43
    INSTANCE=44
    INTEGER=45
    INTERSECTION=46
    ISO646String=47
    MACRO=48
    MAX=49
    MIN=50
    MINUS_INFINITY=51
    NOT_A_NUMBER=52
    NULL=53
    NumericString=54
    OBJECT=55
    ObjectDescriptor=56
    OCTET=57
    OF=58
    OID_IRI=59
    OPTIONAL=60
    PATTERN=61
    PDV=62
    PLUS_INFINITY=63
    PrintableString=64
    PRIVATE=65
    REAL=66
    RELATIVE_OID=67
    RELATIVE_OID_IRI=68
    SEQUENCE=69
    SET=70
    SETTINGS=71
    SIZE=72
    STRING=73
    SYNTAX=74
    T61String=75
    TAGS=76
    TeletexString=77
    TIME=78
    TIME_OF_DAY=79
    TRUE=80
    TYPE_IDENTIFIER=81
    UNION=82
    UNIVERSAL=83
    UniversalString=84
    UTCTime=85
    UTF8String=86
    VideotexString=87
    VisibleString=88
    WITH=89
    ASSIGN=90
    COMMA=91
    ELLIPSIS=92
    RANGE=93
    DOT=94
    LBRACE=95
    RBRACE=96
    LPAREN=97
    RPAREN=98
    LBRACKET=99
    RBRACKET=100
    SEMICOLON=101
    COLON=102
    MINUS=103
    BAR=104
    CARET=105
    LESS=106
    GREATER=107
    AT=108
    EXCLAMATION=109
    AMPERSAND=110
    ALL_CAPS_REFERENCE=111
    TYPE_REFERENCE=112
    IDENTIFIER=113
    NUMBER=114
    REAL_NUMBER=115
    CSTRING=116
    BSTRING=117
    HSTRING=118
    QUOTED_WITHOUT_RADIX=119
    LINE_COMMENT=120
    BLOCK_COMMENT=121
    WHITESPACE=122

    def __init__(self, input:TokenStream, output:TextIO = sys.stdout):
        super().__init__(input, output)
        self.checkVersion("4.13.2")
        self._interp = ParserATNSimulator(self, self.atn, self.decisionsToDFA, self.sharedContextCache)
        self._predicates = None




    class SpecFileContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def EOF(self):
            return self.getToken(ASN1Parser.EOF, 0)

        def moduleDefinition(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.ModuleDefinitionContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.ModuleDefinitionContext,i)


        def getRuleIndex(self):
            return ASN1Parser.RULE_specFile

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitSpecFile" ):
                return visitor.visitSpecFile(self)
            else:
                return visitor.visitChildren(self)




    def specFile(self):

        localctx = ASN1Parser.SpecFileContext(self, self._ctx, self.state)
        self.enterRule(localctx, 0, self.RULE_specFile)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 77
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==111 or _la==112:
                self.state = 74
                self.moduleDefinition()
                self.state = 79
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 80
            self.match(ASN1Parser.EOF)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ModuleDefinitionContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser
            self.name = None # TypeReferenceContext
            self.oid = None # ObjectIdentifierValueContext

        def DEFINITIONS(self):
            return self.getToken(ASN1Parser.DEFINITIONS, 0)

        def ASSIGN(self):
            return self.getToken(ASN1Parser.ASSIGN, 0)

        def BEGIN(self):
            return self.getToken(ASN1Parser.BEGIN, 0)

        def END(self):
            return self.getToken(ASN1Parser.END, 0)

        def typeReference(self):
            return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,0)


        def tagDefault(self):
            return self.getTypedRuleContext(ASN1Parser.TagDefaultContext,0)


        def extensionDefault(self):
            return self.getTypedRuleContext(ASN1Parser.ExtensionDefaultContext,0)


        def exports(self):
            return self.getTypedRuleContext(ASN1Parser.ExportsContext,0)


        def imports(self):
            return self.getTypedRuleContext(ASN1Parser.ImportsContext,0)


        def assignment(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.AssignmentContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.AssignmentContext,i)


        def objectIdentifierValue(self):
            return self.getTypedRuleContext(ASN1Parser.ObjectIdentifierValueContext,0)


        def getRuleIndex(self):
            return ASN1Parser.RULE_moduleDefinition

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitModuleDefinition" ):
                return visitor.visitModuleDefinition(self)
            else:
                return visitor.visitChildren(self)




    def moduleDefinition(self):

        localctx = ASN1Parser.ModuleDefinitionContext(self, self._ctx, self.state)
        self.enterRule(localctx, 2, self.RULE_moduleDefinition)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 82
            localctx.name = self.typeReference()
            self.state = 84
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==95:
                self.state = 83
                localctx.oid = self.objectIdentifierValue()


            self.state = 86
            self.match(ASN1Parser.DEFINITIONS)
            self.state = 88
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if (((_la) & ~0x3f) == 0 and ((1 << _la) & 1100048498720) != 0):
                self.state = 87
                self.tagDefault()


            self.state = 91
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==31:
                self.state = 90
                self.extensionDefault()


            self.state = 93
            self.match(ASN1Parser.ASSIGN)
            self.state = 94
            self.match(ASN1Parser.BEGIN)
            self.state = 96
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==30:
                self.state = 95
                self.exports()


            self.state = 99
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==42:
                self.state = 98
                self.imports()


            self.state = 104
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while ((((_la - 111)) & ~0x3f) == 0 and ((1 << (_la - 111)) & 7) != 0):
                self.state = 101
                self.assignment()
                self.state = 106
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 107
            self.match(ASN1Parser.END)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class TagDefaultContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser
            self.tagging = None # Token

        def TAGS(self):
            return self.getToken(ASN1Parser.TAGS, 0)

        def EXPLICIT(self):
            return self.getToken(ASN1Parser.EXPLICIT, 0)

        def IMPLICIT(self):
            return self.getToken(ASN1Parser.IMPLICIT, 0)

        def AUTOMATIC(self):
            return self.getToken(ASN1Parser.AUTOMATIC, 0)

        def getRuleIndex(self):
            return ASN1Parser.RULE_tagDefault

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitTagDefault" ):
                return visitor.visitTagDefault(self)
            else:
                return visitor.visitChildren(self)




    def tagDefault(self):

        localctx = ASN1Parser.TagDefaultContext(self, self._ctx, self.state)
        self.enterRule(localctx, 4, self.RULE_tagDefault)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 109
            localctx.tagging = self._input.LT(1)
            _la = self._input.LA(1)
            if not((((_la) & ~0x3f) == 0 and ((1 << _la) & 1100048498720) != 0)):
                localctx.tagging = self._errHandler.recoverInline(self)
            else:
                self._errHandler.reportMatch(self)
                self.consume()
            self.state = 110
            self.match(ASN1Parser.TAGS)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ExtensionDefaultContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def EXTENSIBILITY(self):
            return self.getToken(ASN1Parser.EXTENSIBILITY, 0)

        def IMPLIED(self):
            return self.getToken(ASN1Parser.IMPLIED, 0)

        def getRuleIndex(self):
            return ASN1Parser.RULE_extensionDefault

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitExtensionDefault" ):
                return visitor.visitExtensionDefault(self)
            else:
                return visitor.visitChildren(self)




    def extensionDefault(self):

        localctx = ASN1Parser.ExtensionDefaultContext(self, self._ctx, self.state)
        self.enterRule(localctx, 6, self.RULE_extensionDefault)
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 112
            self.match(ASN1Parser.EXTENSIBILITY)
            self.state = 113
            self.match(ASN1Parser.IMPLIED)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ObjectIdentifierValueContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def LBRACE(self):
            return self.getToken(ASN1Parser.LBRACE, 0)

        def RBRACE(self):
            return self.getToken(ASN1Parser.RBRACE, 0)

        def objectIdentifierComponent(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.ObjectIdentifierComponentContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.ObjectIdentifierComponentContext,i)


        def getRuleIndex(self):
            return ASN1Parser.RULE_objectIdentifierValue

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitObjectIdentifierValue" ):
                return visitor.visitObjectIdentifierValue(self)
            else:
                return visitor.visitChildren(self)




    def objectIdentifierValue(self):

        localctx = ASN1Parser.ObjectIdentifierValueContext(self, self._ctx, self.state)
        self.enterRule(localctx, 8, self.RULE_objectIdentifierValue)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 115
            self.match(ASN1Parser.LBRACE)
            self.state = 117 
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while True:
                self.state = 116
                self.objectIdentifierComponent()
                self.state = 119 
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if not (((((_la - 111)) & ~0x3f) == 0 and ((1 << (_la - 111)) & 15) != 0)):
                    break

            self.state = 121
            self.match(ASN1Parser.RBRACE)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ObjectIdentifierComponentContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def NUMBER(self):
            return self.getToken(ASN1Parser.NUMBER, 0)

        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)

        def LPAREN(self):
            return self.getToken(ASN1Parser.LPAREN, 0)

        def RPAREN(self):
            return self.getToken(ASN1Parser.RPAREN, 0)

        def definedValue(self):
            return self.getTypedRuleContext(ASN1Parser.DefinedValueContext,0)


        def typeReference(self):
            return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,0)


        def DOT(self):
            return self.getToken(ASN1Parser.DOT, 0)

        def getRuleIndex(self):
            return ASN1Parser.RULE_objectIdentifierComponent

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitObjectIdentifierComponent" ):
                return visitor.visitObjectIdentifierComponent(self)
            else:
                return visitor.visitChildren(self)




    def objectIdentifierComponent(self):

        localctx = ASN1Parser.ObjectIdentifierComponentContext(self, self._ctx, self.state)
        self.enterRule(localctx, 10, self.RULE_objectIdentifierComponent)
        self._la = 0 # Token type
        try:
            self.state = 137
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [114]:
                self.enterOuterAlt(localctx, 1)
                self.state = 123
                self.match(ASN1Parser.NUMBER)
                pass
            elif token in [113]:
                self.enterOuterAlt(localctx, 2)
                self.state = 124
                self.match(ASN1Parser.IDENTIFIER)
                self.state = 131
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==97:
                    self.state = 125
                    self.match(ASN1Parser.LPAREN)
                    self.state = 128
                    self._errHandler.sync(self)
                    token = self._input.LA(1)
                    if token in [114]:
                        self.state = 126
                        self.match(ASN1Parser.NUMBER)
                        pass
                    elif token in [111, 112, 113]:
                        self.state = 127
                        self.definedValue()
                        pass
                    else:
                        raise NoViableAltException(self)

                    self.state = 130
                    self.match(ASN1Parser.RPAREN)


                pass
            elif token in [111, 112]:
                self.enterOuterAlt(localctx, 3)
                self.state = 133
                self.typeReference()
                self.state = 134
                self.match(ASN1Parser.DOT)
                self.state = 135
                self.match(ASN1Parser.IDENTIFIER)
                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ExportsContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser


        def getRuleIndex(self):
            return ASN1Parser.RULE_exports

     
        def copyFrom(self, ctx:ParserRuleContext):
            super().copyFrom(ctx)



    class ExportsSymbolsContext(ExportsContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ExportsContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def EXPORTS(self):
            return self.getToken(ASN1Parser.EXPORTS, 0)
        def SEMICOLON(self):
            return self.getToken(ASN1Parser.SEMICOLON, 0)
        def symbol(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.SymbolContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.SymbolContext,i)

        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.COMMA)
            else:
                return self.getToken(ASN1Parser.COMMA, i)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitExportsSymbols" ):
                return visitor.visitExportsSymbols(self)
            else:
                return visitor.visitChildren(self)


    class ExportsAllContext(ExportsContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ExportsContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def EXPORTS(self):
            return self.getToken(ASN1Parser.EXPORTS, 0)
        def ALL(self):
            return self.getToken(ASN1Parser.ALL, 0)
        def SEMICOLON(self):
            return self.getToken(ASN1Parser.SEMICOLON, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitExportsAll" ):
                return visitor.visitExportsAll(self)
            else:
                return visitor.visitChildren(self)



    def exports(self):

        localctx = ASN1Parser.ExportsContext(self, self._ctx, self.state)
        self.enterRule(localctx, 12, self.RULE_exports)
        self._la = 0 # Token type
        try:
            self.state = 154
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,13,self._ctx)
            if la_ == 1:
                localctx = ASN1Parser.ExportsAllContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 139
                self.match(ASN1Parser.EXPORTS)
                self.state = 140
                self.match(ASN1Parser.ALL)
                self.state = 141
                self.match(ASN1Parser.SEMICOLON)
                pass

            elif la_ == 2:
                localctx = ASN1Parser.ExportsSymbolsContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 142
                self.match(ASN1Parser.EXPORTS)
                self.state = 151
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if ((((_la - 111)) & ~0x3f) == 0 and ((1 << (_la - 111)) & 7) != 0):
                    self.state = 143
                    self.symbol()
                    self.state = 148
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)
                    while _la==91:
                        self.state = 144
                        self.match(ASN1Parser.COMMA)
                        self.state = 145
                        self.symbol()
                        self.state = 150
                        self._errHandler.sync(self)
                        _la = self._input.LA(1)



                self.state = 153
                self.match(ASN1Parser.SEMICOLON)
                pass


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ImportsContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def IMPORTS(self):
            return self.getToken(ASN1Parser.IMPORTS, 0)

        def SEMICOLON(self):
            return self.getToken(ASN1Parser.SEMICOLON, 0)

        def symbolsFromModule(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.SymbolsFromModuleContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.SymbolsFromModuleContext,i)


        def getRuleIndex(self):
            return ASN1Parser.RULE_imports

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitImports" ):
                return visitor.visitImports(self)
            else:
                return visitor.visitChildren(self)




    def imports(self):

        localctx = ASN1Parser.ImportsContext(self, self._ctx, self.state)
        self.enterRule(localctx, 14, self.RULE_imports)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 156
            self.match(ASN1Parser.IMPORTS)
            self.state = 160
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while ((((_la - 111)) & ~0x3f) == 0 and ((1 << (_la - 111)) & 7) != 0):
                self.state = 157
                self.symbolsFromModule()
                self.state = 162
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 163
            self.match(ASN1Parser.SEMICOLON)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class SymbolsFromModuleContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser
            self.module = None # TypeReferenceContext

        def symbol(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.SymbolContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.SymbolContext,i)


        def FROM(self):
            return self.getToken(ASN1Parser.FROM, 0)

        def typeReference(self):
            return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,0)


        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.COMMA)
            else:
                return self.getToken(ASN1Parser.COMMA, i)

        def assignedIdentifier(self):
            return self.getTypedRuleContext(ASN1Parser.AssignedIdentifierContext,0)


        def getRuleIndex(self):
            return ASN1Parser.RULE_symbolsFromModule

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitSymbolsFromModule" ):
                return visitor.visitSymbolsFromModule(self)
            else:
                return visitor.visitChildren(self)




    def symbolsFromModule(self):

        localctx = ASN1Parser.SymbolsFromModuleContext(self, self._ctx, self.state)
        self.enterRule(localctx, 16, self.RULE_symbolsFromModule)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 165
            self.symbol()
            self.state = 170
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==91:
                self.state = 166
                self.match(ASN1Parser.COMMA)
                self.state = 167
                self.symbol()
                self.state = 172
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 173
            self.match(ASN1Parser.FROM)
            self.state = 174
            localctx.module = self.typeReference()
            self.state = 176
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,16,self._ctx)
            if la_ == 1:
                self.state = 175
                self.assignedIdentifier()


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class AssignedIdentifierContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def objectIdentifierValue(self):
            return self.getTypedRuleContext(ASN1Parser.ObjectIdentifierValueContext,0)


        def definedValue(self):
            return self.getTypedRuleContext(ASN1Parser.DefinedValueContext,0)


        def getRuleIndex(self):
            return ASN1Parser.RULE_assignedIdentifier

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitAssignedIdentifier" ):
                return visitor.visitAssignedIdentifier(self)
            else:
                return visitor.visitChildren(self)




    def assignedIdentifier(self):

        localctx = ASN1Parser.AssignedIdentifierContext(self, self._ctx, self.state)
        self.enterRule(localctx, 18, self.RULE_assignedIdentifier)
        try:
            self.state = 180
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [95]:
                self.enterOuterAlt(localctx, 1)
                self.state = 178
                self.objectIdentifierValue()
                pass
            elif token in [111, 112, 113]:
                self.enterOuterAlt(localctx, 2)
                self.state = 179
                self.definedValue()
                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class SymbolContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser
            self.parameterized = None # Token

        def typeReference(self):
            return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,0)


        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)

        def RBRACE(self):
            return self.getToken(ASN1Parser.RBRACE, 0)

        def LBRACE(self):
            return self.getToken(ASN1Parser.LBRACE, 0)

        def getRuleIndex(self):
            return ASN1Parser.RULE_symbol

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitSymbol" ):
                return visitor.visitSymbol(self)
            else:
                return visitor.visitChildren(self)




    def symbol(self):

        localctx = ASN1Parser.SymbolContext(self, self._ctx, self.state)
        self.enterRule(localctx, 20, self.RULE_symbol)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 184
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [111, 112]:
                self.state = 182
                self.typeReference()
                pass
            elif token in [113]:
                self.state = 183
                self.match(ASN1Parser.IDENTIFIER)
                pass
            else:
                raise NoViableAltException(self)

            self.state = 188
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==95:
                self.state = 186
                localctx.parameterized = self.match(ASN1Parser.LBRACE)
                self.state = 187
                self.match(ASN1Parser.RBRACE)


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class AssignmentContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser


        def getRuleIndex(self):
            return ASN1Parser.RULE_assignment

     
        def copyFrom(self, ctx:ParserRuleContext):
            super().copyFrom(ctx)



    class MacroTypeNotationContext(AssignmentContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.AssignmentContext
            super().__init__(parser)
            self.name = None # TypeReferenceContext
            self.macroName = None # Token
            self.copyFrom(ctx)

        def ASSIGN(self):
            return self.getToken(ASN1Parser.ASSIGN, 0)
        def macroKeyword(self):
            return self.getTypedRuleContext(ASN1Parser.MacroKeywordContext,0)

        def typeReference(self):
            return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,0)

        def ALL_CAPS_REFERENCE(self):
            return self.getToken(ASN1Parser.ALL_CAPS_REFERENCE, 0)
        def macroToken(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.MacroTokenContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.MacroTokenContext,i)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitMacroTypeNotation" ):
                return visitor.visitMacroTypeNotation(self)
            else:
                return visitor.visitChildren(self)


    class ValueSetAssignmentContext(AssignmentContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.AssignmentContext
            super().__init__(parser)
            self.name = None # TypeReferenceContext
            self.copyFrom(ctx)

        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)

        def ASSIGN(self):
            return self.getToken(ASN1Parser.ASSIGN, 0)
        def bracedTokens(self):
            return self.getTypedRuleContext(ASN1Parser.BracedTokensContext,0)

        def typeReference(self):
            return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitValueSetAssignment" ):
                return visitor.visitValueSetAssignment(self)
            else:
                return visitor.visitChildren(self)


    class ParameterizedAssignmentContext(AssignmentContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.AssignmentContext
            super().__init__(parser)
            self.typeName = None # TypeReferenceContext
            self.valueName = None # Token
            self.copyFrom(ctx)

        def bracedTokens(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.BracedTokensContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.BracedTokensContext,i)

        def ASSIGN(self):
            return self.getToken(ASN1Parser.ASSIGN, 0)
        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)

        def typeReference(self):
            return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,0)

        def value(self):
            return self.getTypedRuleContext(ASN1Parser.ValueContext,0)

        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitParameterizedAssignment" ):
                return visitor.visitParameterizedAssignment(self)
            else:
                return visitor.visitChildren(self)


    class ValueAssignmentContext(AssignmentContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.AssignmentContext
            super().__init__(parser)
            self.name = None # Token
            self.copyFrom(ctx)

        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)

        def ASSIGN(self):
            return self.getToken(ASN1Parser.ASSIGN, 0)
        def value(self):
            return self.getTypedRuleContext(ASN1Parser.ValueContext,0)

        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitValueAssignment" ):
                return visitor.visitValueAssignment(self)
            else:
                return visitor.visitChildren(self)


    class MacroValueNotationContext(AssignmentContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.AssignmentContext
            super().__init__(parser)
            self.name = None # Token
            self.macroName = None # Token
            self.copyFrom(ctx)

        def macroKeyword(self):
            return self.getTypedRuleContext(ASN1Parser.MacroKeywordContext,0)

        def ASSIGN(self):
            return self.getToken(ASN1Parser.ASSIGN, 0)
        def value(self):
            return self.getTypedRuleContext(ASN1Parser.ValueContext,0)

        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)
        def ALL_CAPS_REFERENCE(self):
            return self.getToken(ASN1Parser.ALL_CAPS_REFERENCE, 0)
        def macroToken(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.MacroTokenContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.MacroTokenContext,i)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitMacroValueNotation" ):
                return visitor.visitMacroValueNotation(self)
            else:
                return visitor.visitChildren(self)


    class TypeAssignmentContext(AssignmentContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.AssignmentContext
            super().__init__(parser)
            self.name = None # TypeReferenceContext
            self.copyFrom(ctx)

        def ASSIGN(self):
            return self.getToken(ASN1Parser.ASSIGN, 0)
        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)

        def typeReference(self):
            return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitTypeAssignment" ):
                return visitor.visitTypeAssignment(self)
            else:
                return visitor.visitChildren(self)


    class MacroDefinitionContext(AssignmentContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.AssignmentContext
            super().__init__(parser)
            self.name = None # TypeReferenceContext
            self.copyFrom(ctx)

        def MACRO(self):
            return self.getToken(ASN1Parser.MACRO, 0)
        def ASSIGN(self):
            return self.getToken(ASN1Parser.ASSIGN, 0)
        def BEGIN(self):
            return self.getToken(ASN1Parser.BEGIN, 0)
        def END(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.END)
            else:
                return self.getToken(ASN1Parser.END, i)
        def typeReference(self):
            return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitMacroDefinition" ):
                return visitor.visitMacroDefinition(self)
            else:
                return visitor.visitChildren(self)



    def assignment(self):

        localctx = ASN1Parser.AssignmentContext(self, self._ctx, self.state)
        self.enterRule(localctx, 22, self.RULE_assignment)
        self._la = 0 # Token type
        try:
            self.state = 255
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,23,self._ctx)
            if la_ == 1:
                localctx = ASN1Parser.TypeAssignmentContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 190
                localctx.name = self.typeReference()
                self.state = 191
                self.match(ASN1Parser.ASSIGN)
                self.state = 192
                self.type_()
                pass

            elif la_ == 2:
                localctx = ASN1Parser.ValueAssignmentContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 194
                localctx.name = self.match(ASN1Parser.IDENTIFIER)
                self.state = 195
                self.type_()
                self.state = 196
                self.match(ASN1Parser.ASSIGN)
                self.state = 197
                self.value()
                pass

            elif la_ == 3:
                localctx = ASN1Parser.ValueSetAssignmentContext(self, localctx)
                self.enterOuterAlt(localctx, 3)
                self.state = 199
                localctx.name = self.typeReference()
                self.state = 200
                self.type_()
                self.state = 201
                self.match(ASN1Parser.ASSIGN)
                self.state = 202
                self.bracedTokens()
                pass

            elif la_ == 4:
                localctx = ASN1Parser.ParameterizedAssignmentContext(self, localctx)
                self.enterOuterAlt(localctx, 4)
                self.state = 204
                localctx.typeName = self.typeReference()
                self.state = 205
                self.bracedTokens()
                self.state = 206
                self.match(ASN1Parser.ASSIGN)
                self.state = 207
                self.type_()
                pass

            elif la_ == 5:
                localctx = ASN1Parser.ParameterizedAssignmentContext(self, localctx)
                self.enterOuterAlt(localctx, 5)
                self.state = 209
                localctx.typeName = self.typeReference()
                self.state = 210
                self.bracedTokens()
                self.state = 211
                self.type_()
                self.state = 212
                self.match(ASN1Parser.ASSIGN)
                self.state = 213
                self.bracedTokens()
                pass

            elif la_ == 6:
                localctx = ASN1Parser.ParameterizedAssignmentContext(self, localctx)
                self.enterOuterAlt(localctx, 6)
                self.state = 215
                localctx.valueName = self.match(ASN1Parser.IDENTIFIER)
                self.state = 216
                self.bracedTokens()
                self.state = 217
                self.type_()
                self.state = 218
                self.match(ASN1Parser.ASSIGN)
                self.state = 219
                self.value()
                pass

            elif la_ == 7:
                localctx = ASN1Parser.MacroDefinitionContext(self, localctx)
                self.enterOuterAlt(localctx, 7)
                self.state = 221
                localctx.name = self.typeReference()
                self.state = 222
                self.match(ASN1Parser.MACRO)
                self.state = 223
                self.match(ASN1Parser.ASSIGN)
                self.state = 224
                self.match(ASN1Parser.BEGIN)
                self.state = 228
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while (((_la) & ~0x3f) == 0 and ((1 << _la) & -67108866) != 0) or ((((_la - 64)) & ~0x3f) == 0 and ((1 << (_la - 64)) & 576460752303423487) != 0):
                    self.state = 225
                    _la = self._input.LA(1)
                    if _la <= 0 or _la==26:
                        self._errHandler.recoverInline(self)
                    else:
                        self._errHandler.reportMatch(self)
                        self.consume()
                    self.state = 230
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 231
                self.match(ASN1Parser.END)
                pass

            elif la_ == 8:
                localctx = ASN1Parser.MacroTypeNotationContext(self, localctx)
                self.enterOuterAlt(localctx, 8)
                self.state = 233
                localctx.name = self.typeReference()
                self.state = 234
                self.match(ASN1Parser.ASSIGN)
                self.state = 235
                localctx.macroName = self.match(ASN1Parser.ALL_CAPS_REFERENCE)
                self.state = 236
                self.macroKeyword()
                self.state = 240
                self._errHandler.sync(self)
                _alt = self._interp.adaptivePredict(self._input,21,self._ctx)
                while _alt!=2 and _alt!=ATN.INVALID_ALT_NUMBER:
                    if _alt==1:
                        self.state = 237
                        self.macroToken() 
                    self.state = 242
                    self._errHandler.sync(self)
                    _alt = self._interp.adaptivePredict(self._input,21,self._ctx)

                pass

            elif la_ == 9:
                localctx = ASN1Parser.MacroValueNotationContext(self, localctx)
                self.enterOuterAlt(localctx, 9)
                self.state = 243
                localctx.name = self.match(ASN1Parser.IDENTIFIER)
                self.state = 244
                localctx.macroName = self.match(ASN1Parser.ALL_CAPS_REFERENCE)
                self.state = 245
                self.macroKeyword()
                self.state = 249
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while (((_la) & ~0x3f) == 0 and ((1 << _la) & -67108930) != 0) or ((((_la - 64)) & ~0x3f) == 0 and ((1 << (_la - 64)) & 576460752236314623) != 0):
                    self.state = 246
                    self.macroToken()
                    self.state = 251
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 252
                self.match(ASN1Parser.ASSIGN)
                self.state = 253
                self.value()
                pass


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class MacroKeywordContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def ALL_CAPS_REFERENCE(self):
            return self.getToken(ASN1Parser.ALL_CAPS_REFERENCE, 0)

        def SYNTAX(self):
            return self.getToken(ASN1Parser.SYNTAX, 0)

        def getRuleIndex(self):
            return ASN1Parser.RULE_macroKeyword

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitMacroKeyword" ):
                return visitor.visitMacroKeyword(self)
            else:
                return visitor.visitChildren(self)




    def macroKeyword(self):

        localctx = ASN1Parser.MacroKeywordContext(self, self._ctx, self.state)
        self.enterRule(localctx, 24, self.RULE_macroKeyword)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 257
            _la = self._input.LA(1)
            if not(_la==74 or _la==111):
                self._errHandler.recoverInline(self)
            else:
                self._errHandler.reportMatch(self)
                self.consume()
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class MacroTokenContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def ASSIGN(self):
            return self.getToken(ASN1Parser.ASSIGN, 0)

        def BEGIN(self):
            return self.getToken(ASN1Parser.BEGIN, 0)

        def END(self):
            return self.getToken(ASN1Parser.END, 0)

        def getRuleIndex(self):
            return ASN1Parser.RULE_macroToken

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitMacroToken" ):
                return visitor.visitMacroToken(self)
            else:
                return visitor.visitChildren(self)




    def macroToken(self):

        localctx = ASN1Parser.MacroTokenContext(self, self._ctx, self.state)
        self.enterRule(localctx, 26, self.RULE_macroToken)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 259
            _la = self._input.LA(1)
            if _la <= 0 or _la==6 or _la==26 or _la==90:
                self._errHandler.recoverInline(self)
            else:
                self._errHandler.reportMatch(self)
                self.consume()
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class TypeContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser


        def getRuleIndex(self):
            return ASN1Parser.RULE_type

     
        def copyFrom(self, ctx:ParserRuleContext):
            super().copyFrom(ctx)



    class SequenceOfTypeContext(TypeContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeContext
            super().__init__(parser)
            self.kind = None # Token
            self.size = None # ConstraintContext
            self.elementName = None # Token
            self.copyFrom(ctx)

        def OF(self):
            return self.getToken(ASN1Parser.OF, 0)
        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)

        def SEQUENCE(self):
            return self.getToken(ASN1Parser.SEQUENCE, 0)
        def SET(self):
            return self.getToken(ASN1Parser.SET, 0)
        def SIZE(self):
            return self.getToken(ASN1Parser.SIZE, 0)
        def constraint(self):
            return self.getTypedRuleContext(ASN1Parser.ConstraintContext,0)

        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitSequenceOfType" ):
                return visitor.visitSequenceOfType(self)
            else:
                return visitor.visitChildren(self)


    class TaggedTypeContext(TypeContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeContext
            super().__init__(parser)
            self.tagging = None # Token
            self.copyFrom(ctx)

        def tag(self):
            return self.getTypedRuleContext(ASN1Parser.TagContext,0)

        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)

        def IMPLICIT(self):
            return self.getToken(ASN1Parser.IMPLICIT, 0)
        def EXPLICIT(self):
            return self.getToken(ASN1Parser.EXPLICIT, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitTaggedType" ):
                return visitor.visitTaggedType(self)
            else:
                return visitor.visitChildren(self)


    class ConstrainedTypeContext(TypeContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def typeBody(self):
            return self.getTypedRuleContext(ASN1Parser.TypeBodyContext,0)

        def constraint(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.ConstraintContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.ConstraintContext,i)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitConstrainedType" ):
                return visitor.visitConstrainedType(self)
            else:
                return visitor.visitChildren(self)



    def type_(self):

        localctx = ASN1Parser.TypeContext(self, self._ctx, self.state)
        self.enterRule(localctx, 28, self.RULE_type)
        self._la = 0 # Token type
        try:
            self.state = 285
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,28,self._ctx)
            if la_ == 1:
                localctx = ASN1Parser.TaggedTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 261
                self.tag()
                self.state = 263
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==29 or _la==40:
                    self.state = 262
                    localctx.tagging = self._input.LT(1)
                    _la = self._input.LA(1)
                    if not(_la==29 or _la==40):
                        localctx.tagging = self._errHandler.recoverInline(self)
                    else:
                        self._errHandler.reportMatch(self)
                        self.consume()


                self.state = 265
                self.type_()
                pass

            elif la_ == 2:
                localctx = ASN1Parser.SequenceOfTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 267
                localctx.kind = self._input.LT(1)
                _la = self._input.LA(1)
                if not(_la==69 or _la==70):
                    localctx.kind = self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                self.state = 271
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [72]:
                    self.state = 268
                    self.match(ASN1Parser.SIZE)
                    self.state = 269
                    localctx.size = self.constraint()
                    pass
                elif token in [97]:
                    self.state = 270
                    self.constraint()
                    pass
                elif token in [58]:
                    pass
                else:
                    pass
                self.state = 273
                self.match(ASN1Parser.OF)
                self.state = 275
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,26,self._ctx)
                if la_ == 1:
                    self.state = 274
                    localctx.elementName = self.match(ASN1Parser.IDENTIFIER)


                self.state = 277
                self.type_()
                pass

            elif la_ == 3:
                localctx = ASN1Parser.ConstrainedTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 3)
                self.state = 278
                self.typeBody()
                self.state = 282
                self._errHandler.sync(self)
                _alt = self._interp.adaptivePredict(self._input,27,self._ctx)
                while _alt!=2 and _alt!=ATN.INVALID_ALT_NUMBER:
                    if _alt==1:
                        self.state = 279
                        self.constraint() 
                    self.state = 284
                    self._errHandler.sync(self)
                    _alt = self._interp.adaptivePredict(self._input,27,self._ctx)

                pass


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class TypeBodyContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser


        def getRuleIndex(self):
            return ASN1Parser.RULE_typeBody

     
        def copyFrom(self, ctx:ParserRuleContext):
            super().copyFrom(ctx)



    class ExternalTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def EXTERNAL(self):
            return self.getToken(ASN1Parser.EXTERNAL, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitExternalType" ):
                return visitor.visitExternalType(self)
            else:
                return visitor.visitChildren(self)


    class EnumeratedTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def ENUMERATED(self):
            return self.getToken(ASN1Parser.ENUMERATED, 0)
        def LBRACE(self):
            return self.getToken(ASN1Parser.LBRACE, 0)
        def enumerationItem(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.EnumerationItemContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.EnumerationItemContext,i)

        def RBRACE(self):
            return self.getToken(ASN1Parser.RBRACE, 0)
        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.COMMA)
            else:
                return self.getToken(ASN1Parser.COMMA, i)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitEnumeratedType" ):
                return visitor.visitEnumeratedType(self)
            else:
                return visitor.visitChildren(self)


    class AnyTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def ANY(self):
            return self.getToken(ASN1Parser.ANY, 0)
        def DEFINED(self):
            return self.getToken(ASN1Parser.DEFINED, 0)
        def BY(self):
            return self.getToken(ASN1Parser.BY, 0)
        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitAnyType" ):
                return visitor.visitAnyType(self)
            else:
                return visitor.visitChildren(self)


    class ObjectClassFieldTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def definedObjectClass(self):
            return self.getTypedRuleContext(ASN1Parser.DefinedObjectClassContext,0)

        def DOT(self):
            return self.getToken(ASN1Parser.DOT, 0)
        def fieldName(self):
            return self.getTypedRuleContext(ASN1Parser.FieldNameContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitObjectClassFieldType" ):
                return visitor.visitObjectClassFieldType(self)
            else:
                return visitor.visitChildren(self)


    class EmbeddedPdvTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def EMBEDDED(self):
            return self.getToken(ASN1Parser.EMBEDDED, 0)
        def PDV(self):
            return self.getToken(ASN1Parser.PDV, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitEmbeddedPdvType" ):
                return visitor.visitEmbeddedPdvType(self)
            else:
                return visitor.visitChildren(self)


    class IntegerTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def INTEGER(self):
            return self.getToken(ASN1Parser.INTEGER, 0)
        def LBRACE(self):
            return self.getToken(ASN1Parser.LBRACE, 0)
        def namedNumber(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.NamedNumberContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.NamedNumberContext,i)

        def RBRACE(self):
            return self.getToken(ASN1Parser.RBRACE, 0)
        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.COMMA)
            else:
                return self.getToken(ASN1Parser.COMMA, i)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitIntegerType" ):
                return visitor.visitIntegerType(self)
            else:
                return visitor.visitChildren(self)


    class TimeTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def UTCTime(self):
            return self.getToken(ASN1Parser.UTCTime, 0)
        def GeneralizedTime(self):
            return self.getToken(ASN1Parser.GeneralizedTime, 0)
        def TIME(self):
            return self.getToken(ASN1Parser.TIME, 0)
        def DATE(self):
            return self.getToken(ASN1Parser.DATE, 0)
        def TIME_OF_DAY(self):
            return self.getToken(ASN1Parser.TIME_OF_DAY, 0)
        def DATE_TIME(self):
            return self.getToken(ASN1Parser.DATE_TIME, 0)
        def DURATION(self):
            return self.getToken(ASN1Parser.DURATION, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitTimeType" ):
                return visitor.visitTimeType(self)
            else:
                return visitor.visitChildren(self)


    class InstanceOfTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def INSTANCE(self):
            return self.getToken(ASN1Parser.INSTANCE, 0)
        def OF(self):
            return self.getToken(ASN1Parser.OF, 0)
        def definedObjectClass(self):
            return self.getTypedRuleContext(ASN1Parser.DefinedObjectClassContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitInstanceOfType" ):
                return visitor.visitInstanceOfType(self)
            else:
                return visitor.visitChildren(self)


    class ParameterizedTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def typeReference(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.TypeReferenceContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,i)

        def bracedTokens(self):
            return self.getTypedRuleContext(ASN1Parser.BracedTokensContext,0)

        def DOT(self):
            return self.getToken(ASN1Parser.DOT, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitParameterizedType" ):
                return visitor.visitParameterizedType(self)
            else:
                return visitor.visitChildren(self)


    class BitStringTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def BIT(self):
            return self.getToken(ASN1Parser.BIT, 0)
        def STRING(self):
            return self.getToken(ASN1Parser.STRING, 0)
        def LBRACE(self):
            return self.getToken(ASN1Parser.LBRACE, 0)
        def namedNumber(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.NamedNumberContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.NamedNumberContext,i)

        def RBRACE(self):
            return self.getToken(ASN1Parser.RBRACE, 0)
        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.COMMA)
            else:
                return self.getToken(ASN1Parser.COMMA, i)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitBitStringType" ):
                return visitor.visitBitStringType(self)
            else:
                return visitor.visitChildren(self)


    class ChoiceTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def CHOICE(self):
            return self.getToken(ASN1Parser.CHOICE, 0)
        def LBRACE(self):
            return self.getToken(ASN1Parser.LBRACE, 0)
        def componentItem(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.ComponentItemContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.ComponentItemContext,i)

        def RBRACE(self):
            return self.getToken(ASN1Parser.RBRACE, 0)
        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.COMMA)
            else:
                return self.getToken(ASN1Parser.COMMA, i)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitChoiceType" ):
                return visitor.visitChoiceType(self)
            else:
                return visitor.visitChildren(self)


    class SelectionTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)
        def LESS(self):
            return self.getToken(ASN1Parser.LESS, 0)
        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitSelectionType" ):
                return visitor.visitSelectionType(self)
            else:
                return visitor.visitChildren(self)


    class UnrestrictedCharacterStringTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def CHARACTER(self):
            return self.getToken(ASN1Parser.CHARACTER, 0)
        def STRING(self):
            return self.getToken(ASN1Parser.STRING, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitUnrestrictedCharacterStringType" ):
                return visitor.visitUnrestrictedCharacterStringType(self)
            else:
                return visitor.visitChildren(self)


    class CharStringTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.kind = None # Token
            self.copyFrom(ctx)

        def BMPString(self):
            return self.getToken(ASN1Parser.BMPString, 0)
        def GeneralString(self):
            return self.getToken(ASN1Parser.GeneralString, 0)
        def GraphicString(self):
            return self.getToken(ASN1Parser.GraphicString, 0)
        def IA5String(self):
            return self.getToken(ASN1Parser.IA5String, 0)
        def ISO646String(self):
            return self.getToken(ASN1Parser.ISO646String, 0)
        def NumericString(self):
            return self.getToken(ASN1Parser.NumericString, 0)
        def PrintableString(self):
            return self.getToken(ASN1Parser.PrintableString, 0)
        def TeletexString(self):
            return self.getToken(ASN1Parser.TeletexString, 0)
        def T61String(self):
            return self.getToken(ASN1Parser.T61String, 0)
        def UniversalString(self):
            return self.getToken(ASN1Parser.UniversalString, 0)
        def UTF8String(self):
            return self.getToken(ASN1Parser.UTF8String, 0)
        def VideotexString(self):
            return self.getToken(ASN1Parser.VideotexString, 0)
        def VisibleString(self):
            return self.getToken(ASN1Parser.VisibleString, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitCharStringType" ):
                return visitor.visitCharStringType(self)
            else:
                return visitor.visitChildren(self)


    class ObjectIdentifierTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def OBJECT(self):
            return self.getToken(ASN1Parser.OBJECT, 0)
        def IDENTIFIER_KW(self):
            return self.getToken(ASN1Parser.IDENTIFIER_KW, 0)
        def RELATIVE_OID(self):
            return self.getToken(ASN1Parser.RELATIVE_OID, 0)
        def OID_IRI(self):
            return self.getToken(ASN1Parser.OID_IRI, 0)
        def RELATIVE_OID_IRI(self):
            return self.getToken(ASN1Parser.RELATIVE_OID_IRI, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitObjectIdentifierType" ):
                return visitor.visitObjectIdentifierType(self)
            else:
                return visitor.visitChildren(self)


    class ObjectDescriptorTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def ObjectDescriptor(self):
            return self.getToken(ASN1Parser.ObjectDescriptor, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitObjectDescriptorType" ):
                return visitor.visitObjectDescriptorType(self)
            else:
                return visitor.visitChildren(self)


    class BuiltinTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def BOOLEAN(self):
            return self.getToken(ASN1Parser.BOOLEAN, 0)
        def NULL(self):
            return self.getToken(ASN1Parser.NULL, 0)
        def REAL(self):
            return self.getToken(ASN1Parser.REAL, 0)
        def OCTET(self):
            return self.getToken(ASN1Parser.OCTET, 0)
        def STRING(self):
            return self.getToken(ASN1Parser.STRING, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitBuiltinType" ):
                return visitor.visitBuiltinType(self)
            else:
                return visitor.visitChildren(self)


    class ObjectClassDefinitionContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def CLASS(self):
            return self.getToken(ASN1Parser.CLASS, 0)
        def bracedTokens(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.BracedTokensContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.BracedTokensContext,i)

        def WITH(self):
            return self.getToken(ASN1Parser.WITH, 0)
        def SYNTAX(self):
            return self.getToken(ASN1Parser.SYNTAX, 0)
        def TYPE_IDENTIFIER(self):
            return self.getToken(ASN1Parser.TYPE_IDENTIFIER, 0)
        def ABSTRACT_SYNTAX(self):
            return self.getToken(ASN1Parser.ABSTRACT_SYNTAX, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitObjectClassDefinition" ):
                return visitor.visitObjectClassDefinition(self)
            else:
                return visitor.visitChildren(self)


    class SequenceTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.kind = None # Token
            self.copyFrom(ctx)

        def LBRACE(self):
            return self.getToken(ASN1Parser.LBRACE, 0)
        def RBRACE(self):
            return self.getToken(ASN1Parser.RBRACE, 0)
        def SEQUENCE(self):
            return self.getToken(ASN1Parser.SEQUENCE, 0)
        def SET(self):
            return self.getToken(ASN1Parser.SET, 0)
        def componentItem(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.ComponentItemContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.ComponentItemContext,i)

        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.COMMA)
            else:
                return self.getToken(ASN1Parser.COMMA, i)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitSequenceType" ):
                return visitor.visitSequenceType(self)
            else:
                return visitor.visitChildren(self)


    class TypeRefContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.module = None # TypeReferenceContext
            self.name = None # TypeReferenceContext
            self.copyFrom(ctx)

        def typeReference(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.TypeReferenceContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,i)

        def DOT(self):
            return self.getToken(ASN1Parser.DOT, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitTypeRef" ):
                return visitor.visitTypeRef(self)
            else:
                return visitor.visitChildren(self)



    def typeBody(self):

        localctx = ASN1Parser.TypeBodyContext(self, self._ctx, self.state)
        self.enterRule(localctx, 30, self.RULE_typeBody)
        self._la = 0 # Token type
        try:
            self.state = 413
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,43,self._ctx)
            if la_ == 1:
                localctx = ASN1Parser.BuiltinTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 292
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [9]:
                    self.state = 287
                    self.match(ASN1Parser.BOOLEAN)
                    pass
                elif token in [53]:
                    self.state = 288
                    self.match(ASN1Parser.NULL)
                    pass
                elif token in [66]:
                    self.state = 289
                    self.match(ASN1Parser.REAL)
                    pass
                elif token in [57]:
                    self.state = 290
                    self.match(ASN1Parser.OCTET)
                    self.state = 291
                    self.match(ASN1Parser.STRING)
                    pass
                else:
                    raise NoViableAltException(self)

                pass

            elif la_ == 2:
                localctx = ASN1Parser.IntegerTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 294
                self.match(ASN1Parser.INTEGER)
                self.state = 306
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==95:
                    self.state = 295
                    self.match(ASN1Parser.LBRACE)
                    self.state = 296
                    self.namedNumber()
                    self.state = 301
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)
                    while _la==91:
                        self.state = 297
                        self.match(ASN1Parser.COMMA)
                        self.state = 298
                        self.namedNumber()
                        self.state = 303
                        self._errHandler.sync(self)
                        _la = self._input.LA(1)

                    self.state = 304
                    self.match(ASN1Parser.RBRACE)


                pass

            elif la_ == 3:
                localctx = ASN1Parser.EnumeratedTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 3)
                self.state = 308
                self.match(ASN1Parser.ENUMERATED)
                self.state = 309
                self.match(ASN1Parser.LBRACE)
                self.state = 310
                self.enumerationItem()
                self.state = 315
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==91:
                    self.state = 311
                    self.match(ASN1Parser.COMMA)
                    self.state = 312
                    self.enumerationItem()
                    self.state = 317
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 318
                self.match(ASN1Parser.RBRACE)
                pass

            elif la_ == 4:
                localctx = ASN1Parser.BitStringTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 4)
                self.state = 320
                self.match(ASN1Parser.BIT)
                self.state = 321
                self.match(ASN1Parser.STRING)
                self.state = 333
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==95:
                    self.state = 322
                    self.match(ASN1Parser.LBRACE)
                    self.state = 323
                    self.namedNumber()
                    self.state = 328
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)
                    while _la==91:
                        self.state = 324
                        self.match(ASN1Parser.COMMA)
                        self.state = 325
                        self.namedNumber()
                        self.state = 330
                        self._errHandler.sync(self)
                        _la = self._input.LA(1)

                    self.state = 331
                    self.match(ASN1Parser.RBRACE)


                pass

            elif la_ == 5:
                localctx = ASN1Parser.CharStringTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 5)
                self.state = 335
                localctx.kind = self._input.LT(1)
                _la = self._input.LA(1)
                if not((((_la) & ~0x3f) == 0 and ((1 << _la) & 18155617034174720) != 0) or ((((_la - 64)) & ~0x3f) == 0 and ((1 << (_la - 64)) & 30418945) != 0)):
                    localctx.kind = self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                pass

            elif la_ == 6:
                localctx = ASN1Parser.SequenceTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 6)
                self.state = 336
                localctx.kind = self._input.LT(1)
                _la = self._input.LA(1)
                if not(_la==69 or _la==70):
                    localctx.kind = self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                self.state = 337
                self.match(ASN1Parser.LBRACE)
                self.state = 346
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==15 or ((((_la - 92)) & ~0x3f) == 0 and ((1 << (_la - 92)) & 2097281) != 0):
                    self.state = 338
                    self.componentItem()
                    self.state = 343
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)
                    while _la==91:
                        self.state = 339
                        self.match(ASN1Parser.COMMA)
                        self.state = 340
                        self.componentItem()
                        self.state = 345
                        self._errHandler.sync(self)
                        _la = self._input.LA(1)



                self.state = 348
                self.match(ASN1Parser.RBRACE)
                pass

            elif la_ == 7:
                localctx = ASN1Parser.ChoiceTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 7)
                self.state = 349
                self.match(ASN1Parser.CHOICE)
                self.state = 350
                self.match(ASN1Parser.LBRACE)
                self.state = 351
                self.componentItem()
                self.state = 356
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==91:
                    self.state = 352
                    self.match(ASN1Parser.COMMA)
                    self.state = 353
                    self.componentItem()
                    self.state = 358
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 359
                self.match(ASN1Parser.RBRACE)
                pass

            elif la_ == 8:
                localctx = ASN1Parser.TypeRefContext(self, localctx)
                self.enterOuterAlt(localctx, 8)
                self.state = 364
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,38,self._ctx)
                if la_ == 1:
                    self.state = 361
                    localctx.module = self.typeReference()
                    self.state = 362
                    self.match(ASN1Parser.DOT)


                self.state = 366
                localctx.name = self.typeReference()
                pass

            elif la_ == 9:
                localctx = ASN1Parser.ParameterizedTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 9)
                self.state = 370
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,39,self._ctx)
                if la_ == 1:
                    self.state = 367
                    self.typeReference()
                    self.state = 368
                    self.match(ASN1Parser.DOT)


                self.state = 372
                self.typeReference()
                self.state = 373
                self.bracedTokens()
                pass

            elif la_ == 10:
                localctx = ASN1Parser.ObjectClassFieldTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 10)
                self.state = 375
                self.definedObjectClass()
                self.state = 376
                self.match(ASN1Parser.DOT)
                self.state = 377
                self.fieldName()
                pass

            elif la_ == 11:
                localctx = ASN1Parser.ObjectIdentifierTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 11)
                self.state = 384
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [55]:
                    self.state = 379
                    self.match(ASN1Parser.OBJECT)
                    self.state = 380
                    self.match(ASN1Parser.IDENTIFIER_KW)
                    pass
                elif token in [67]:
                    self.state = 381
                    self.match(ASN1Parser.RELATIVE_OID)
                    pass
                elif token in [59]:
                    self.state = 382
                    self.match(ASN1Parser.OID_IRI)
                    pass
                elif token in [68]:
                    self.state = 383
                    self.match(ASN1Parser.RELATIVE_OID_IRI)
                    pass
                else:
                    raise NoViableAltException(self)

                pass

            elif la_ == 12:
                localctx = ASN1Parser.UnrestrictedCharacterStringTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 12)
                self.state = 386
                self.match(ASN1Parser.CHARACTER)
                self.state = 387
                self.match(ASN1Parser.STRING)
                pass

            elif la_ == 13:
                localctx = ASN1Parser.EmbeddedPdvTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 13)
                self.state = 388
                self.match(ASN1Parser.EMBEDDED)
                self.state = 389
                self.match(ASN1Parser.PDV)
                pass

            elif la_ == 14:
                localctx = ASN1Parser.ExternalTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 14)
                self.state = 390
                self.match(ASN1Parser.EXTERNAL)
                pass

            elif la_ == 15:
                localctx = ASN1Parser.AnyTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 15)
                self.state = 391
                self.match(ASN1Parser.ANY)
                self.state = 395
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==21:
                    self.state = 392
                    self.match(ASN1Parser.DEFINED)
                    self.state = 393
                    self.match(ASN1Parser.BY)
                    self.state = 394
                    self.match(ASN1Parser.IDENTIFIER)


                pass

            elif la_ == 16:
                localctx = ASN1Parser.InstanceOfTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 16)
                self.state = 397
                self.match(ASN1Parser.INSTANCE)
                self.state = 398
                self.match(ASN1Parser.OF)
                self.state = 399
                self.definedObjectClass()
                pass

            elif la_ == 17:
                localctx = ASN1Parser.TimeTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 17)
                self.state = 400
                _la = self._input.LA(1)
                if not((((_la) & ~0x3f) == 0 and ((1 << _la) & 34368913408) != 0) or ((((_la - 78)) & ~0x3f) == 0 and ((1 << (_la - 78)) & 131) != 0)):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                pass

            elif la_ == 18:
                localctx = ASN1Parser.ObjectDescriptorTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 18)
                self.state = 401
                self.match(ASN1Parser.ObjectDescriptor)
                pass

            elif la_ == 19:
                localctx = ASN1Parser.ObjectClassDefinitionContext(self, localctx)
                self.enterOuterAlt(localctx, 19)
                self.state = 402
                self.match(ASN1Parser.CLASS)
                self.state = 403
                self.bracedTokens()
                self.state = 407
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==89:
                    self.state = 404
                    self.match(ASN1Parser.WITH)
                    self.state = 405
                    self.match(ASN1Parser.SYNTAX)
                    self.state = 406
                    self.bracedTokens()


                pass

            elif la_ == 20:
                localctx = ASN1Parser.ObjectClassDefinitionContext(self, localctx)
                self.enterOuterAlt(localctx, 20)
                self.state = 409
                _la = self._input.LA(1)
                if not(_la==1 or _la==81):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                pass

            elif la_ == 21:
                localctx = ASN1Parser.SelectionTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 21)
                self.state = 410
                self.match(ASN1Parser.IDENTIFIER)
                self.state = 411
                self.match(ASN1Parser.LESS)
                self.state = 412
                self.type_()
                pass


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class TagContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser
            self.tagClass = None # Token

        def LBRACKET(self):
            return self.getToken(ASN1Parser.LBRACKET, 0)

        def tagNumber(self):
            return self.getTypedRuleContext(ASN1Parser.TagNumberContext,0)


        def RBRACKET(self):
            return self.getToken(ASN1Parser.RBRACKET, 0)

        def UNIVERSAL(self):
            return self.getToken(ASN1Parser.UNIVERSAL, 0)

        def APPLICATION(self):
            return self.getToken(ASN1Parser.APPLICATION, 0)

        def PRIVATE(self):
            return self.getToken(ASN1Parser.PRIVATE, 0)

        def getRuleIndex(self):
            return ASN1Parser.RULE_tag

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitTag" ):
                return visitor.visitTag(self)
            else:
                return visitor.visitChildren(self)




    def tag(self):

        localctx = ASN1Parser.TagContext(self, self._ctx, self.state)
        self.enterRule(localctx, 32, self.RULE_tag)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 415
            self.match(ASN1Parser.LBRACKET)
            self.state = 417
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==4 or _la==65 or _la==83:
                self.state = 416
                localctx.tagClass = self._input.LT(1)
                _la = self._input.LA(1)
                if not(_la==4 or _la==65 or _la==83):
                    localctx.tagClass = self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()


            self.state = 419
            self.tagNumber()
            self.state = 420
            self.match(ASN1Parser.RBRACKET)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class TagNumberContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def NUMBER(self):
            return self.getToken(ASN1Parser.NUMBER, 0)

        def definedValue(self):
            return self.getTypedRuleContext(ASN1Parser.DefinedValueContext,0)


        def getRuleIndex(self):
            return ASN1Parser.RULE_tagNumber

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitTagNumber" ):
                return visitor.visitTagNumber(self)
            else:
                return visitor.visitChildren(self)




    def tagNumber(self):

        localctx = ASN1Parser.TagNumberContext(self, self._ctx, self.state)
        self.enterRule(localctx, 34, self.RULE_tagNumber)
        try:
            self.state = 424
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [114]:
                self.enterOuterAlt(localctx, 1)
                self.state = 422
                self.match(ASN1Parser.NUMBER)
                pass
            elif token in [111, 112, 113]:
                self.enterOuterAlt(localctx, 2)
                self.state = 423
                self.definedValue()
                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class NamedNumberContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser
            self.name = None # Token

        def LPAREN(self):
            return self.getToken(ASN1Parser.LPAREN, 0)

        def RPAREN(self):
            return self.getToken(ASN1Parser.RPAREN, 0)

        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)

        def signedNumber(self):
            return self.getTypedRuleContext(ASN1Parser.SignedNumberContext,0)


        def definedValue(self):
            return self.getTypedRuleContext(ASN1Parser.DefinedValueContext,0)


        def getRuleIndex(self):
            return ASN1Parser.RULE_namedNumber

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitNamedNumber" ):
                return visitor.visitNamedNumber(self)
            else:
                return visitor.visitChildren(self)




    def namedNumber(self):

        localctx = ASN1Parser.NamedNumberContext(self, self._ctx, self.state)
        self.enterRule(localctx, 36, self.RULE_namedNumber)
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 426
            localctx.name = self.match(ASN1Parser.IDENTIFIER)
            self.state = 427
            self.match(ASN1Parser.LPAREN)
            self.state = 430
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [103, 114]:
                self.state = 428
                self.signedNumber()
                pass
            elif token in [111, 112, 113]:
                self.state = 429
                self.definedValue()
                pass
            else:
                raise NoViableAltException(self)

            self.state = 432
            self.match(ASN1Parser.RPAREN)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class EnumerationItemContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser


        def getRuleIndex(self):
            return ASN1Parser.RULE_enumerationItem

     
        def copyFrom(self, ctx:ParserRuleContext):
            super().copyFrom(ctx)



    class EnumExtensionMarkerContext(EnumerationItemContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.EnumerationItemContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def ELLIPSIS(self):
            return self.getToken(ASN1Parser.ELLIPSIS, 0)
        def exceptionSpec(self):
            return self.getTypedRuleContext(ASN1Parser.ExceptionSpecContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitEnumExtensionMarker" ):
                return visitor.visitEnumExtensionMarker(self)
            else:
                return visitor.visitChildren(self)


    class EnumItemContext(EnumerationItemContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.EnumerationItemContext
            super().__init__(parser)
            self.name = None # Token
            self.copyFrom(ctx)

        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)
        def LPAREN(self):
            return self.getToken(ASN1Parser.LPAREN, 0)
        def RPAREN(self):
            return self.getToken(ASN1Parser.RPAREN, 0)
        def signedNumber(self):
            return self.getTypedRuleContext(ASN1Parser.SignedNumberContext,0)

        def definedValue(self):
            return self.getTypedRuleContext(ASN1Parser.DefinedValueContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitEnumItem" ):
                return visitor.visitEnumItem(self)
            else:
                return visitor.visitChildren(self)



    def enumerationItem(self):

        localctx = ASN1Parser.EnumerationItemContext(self, self._ctx, self.state)
        self.enterRule(localctx, 38, self.RULE_enumerationItem)
        self._la = 0 # Token type
        try:
            self.state = 448
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [113]:
                localctx = ASN1Parser.EnumItemContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 434
                localctx.name = self.match(ASN1Parser.IDENTIFIER)
                self.state = 442
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==97:
                    self.state = 435
                    self.match(ASN1Parser.LPAREN)
                    self.state = 438
                    self._errHandler.sync(self)
                    token = self._input.LA(1)
                    if token in [103, 114]:
                        self.state = 436
                        self.signedNumber()
                        pass
                    elif token in [111, 112, 113]:
                        self.state = 437
                        self.definedValue()
                        pass
                    else:
                        raise NoViableAltException(self)

                    self.state = 440
                    self.match(ASN1Parser.RPAREN)


                pass
            elif token in [92]:
                localctx = ASN1Parser.EnumExtensionMarkerContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 444
                self.match(ASN1Parser.ELLIPSIS)
                self.state = 446
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==109:
                    self.state = 445
                    self.exceptionSpec()


                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ComponentItemContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser


        def getRuleIndex(self):
            return ASN1Parser.RULE_componentItem

     
        def copyFrom(self, ctx:ParserRuleContext):
            super().copyFrom(ctx)



    class ComponentContext(ComponentItemContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ComponentItemContext
            super().__init__(parser)
            self.name = None # Token
            self.copyFrom(ctx)

        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)

        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)
        def OPTIONAL(self):
            return self.getToken(ASN1Parser.OPTIONAL, 0)
        def DEFAULT(self):
            return self.getToken(ASN1Parser.DEFAULT, 0)
        def value(self):
            return self.getTypedRuleContext(ASN1Parser.ValueContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitComponent" ):
                return visitor.visitComponent(self)
            else:
                return visitor.visitChildren(self)


    class ExtensionAdditionGroupContext(ComponentItemContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ComponentItemContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def LBRACKET(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.LBRACKET)
            else:
                return self.getToken(ASN1Parser.LBRACKET, i)
        def componentItem(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.ComponentItemContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.ComponentItemContext,i)

        def RBRACKET(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.RBRACKET)
            else:
                return self.getToken(ASN1Parser.RBRACKET, i)
        def NUMBER(self):
            return self.getToken(ASN1Parser.NUMBER, 0)
        def COLON(self):
            return self.getToken(ASN1Parser.COLON, 0)
        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.COMMA)
            else:
                return self.getToken(ASN1Parser.COMMA, i)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitExtensionAdditionGroup" ):
                return visitor.visitExtensionAdditionGroup(self)
            else:
                return visitor.visitChildren(self)


    class ExtensionMarkerContext(ComponentItemContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ComponentItemContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def ELLIPSIS(self):
            return self.getToken(ASN1Parser.ELLIPSIS, 0)
        def exceptionSpec(self):
            return self.getTypedRuleContext(ASN1Parser.ExceptionSpecContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitExtensionMarker" ):
                return visitor.visitExtensionMarker(self)
            else:
                return visitor.visitChildren(self)


    class ComponentsOfContext(ComponentItemContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ComponentItemContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def COMPONENTS(self):
            return self.getToken(ASN1Parser.COMPONENTS, 0)
        def OF(self):
            return self.getToken(ASN1Parser.OF, 0)
        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitComponentsOf" ):
                return visitor.visitComponentsOf(self)
            else:
                return visitor.visitChildren(self)



    def componentItem(self):

        localctx = ASN1Parser.ComponentItemContext(self, self._ctx, self.state)
        self.enterRule(localctx, 40, self.RULE_componentItem)
        self._la = 0 # Token type
        try:
            self.state = 481
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [113]:
                localctx = ASN1Parser.ComponentContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 450
                localctx.name = self.match(ASN1Parser.IDENTIFIER)
                self.state = 451
                self.type_()
                self.state = 455
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [60]:
                    self.state = 452
                    self.match(ASN1Parser.OPTIONAL)
                    pass
                elif token in [20]:
                    self.state = 453
                    self.match(ASN1Parser.DEFAULT)
                    self.state = 454
                    self.value()
                    pass
                elif token in [91, 96, 100]:
                    pass
                else:
                    pass
                pass
            elif token in [92]:
                localctx = ASN1Parser.ExtensionMarkerContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 457
                self.match(ASN1Parser.ELLIPSIS)
                self.state = 459
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==109:
                    self.state = 458
                    self.exceptionSpec()


                pass
            elif token in [99]:
                localctx = ASN1Parser.ExtensionAdditionGroupContext(self, localctx)
                self.enterOuterAlt(localctx, 3)
                self.state = 461
                self.match(ASN1Parser.LBRACKET)
                self.state = 462
                self.match(ASN1Parser.LBRACKET)
                self.state = 465
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==114:
                    self.state = 463
                    self.match(ASN1Parser.NUMBER)
                    self.state = 464
                    self.match(ASN1Parser.COLON)


                self.state = 467
                self.componentItem()
                self.state = 472
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==91:
                    self.state = 468
                    self.match(ASN1Parser.COMMA)
                    self.state = 469
                    self.componentItem()
                    self.state = 474
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 475
                self.match(ASN1Parser.RBRACKET)
                self.state = 476
                self.match(ASN1Parser.RBRACKET)
                pass
            elif token in [15]:
                localctx = ASN1Parser.ComponentsOfContext(self, localctx)
                self.enterOuterAlt(localctx, 4)
                self.state = 478
                self.match(ASN1Parser.COMPONENTS)
                self.state = 479
                self.match(ASN1Parser.OF)
                self.state = 480
                self.type_()
                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class DefinedObjectClassContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def typeReference(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.TypeReferenceContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,i)


        def DOT(self):
            return self.getToken(ASN1Parser.DOT, 0)

        def TYPE_IDENTIFIER(self):
            return self.getToken(ASN1Parser.TYPE_IDENTIFIER, 0)

        def ABSTRACT_SYNTAX(self):
            return self.getToken(ASN1Parser.ABSTRACT_SYNTAX, 0)

        def getRuleIndex(self):
            return ASN1Parser.RULE_definedObjectClass

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitDefinedObjectClass" ):
                return visitor.visitDefinedObjectClass(self)
            else:
                return visitor.visitChildren(self)




    def definedObjectClass(self):

        localctx = ASN1Parser.DefinedObjectClassContext(self, self._ctx, self.state)
        self.enterRule(localctx, 42, self.RULE_definedObjectClass)
        try:
            self.state = 491
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [111, 112]:
                self.enterOuterAlt(localctx, 1)
                self.state = 486
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,56,self._ctx)
                if la_ == 1:
                    self.state = 483
                    self.typeReference()
                    self.state = 484
                    self.match(ASN1Parser.DOT)


                self.state = 488
                self.typeReference()
                pass
            elif token in [81]:
                self.enterOuterAlt(localctx, 2)
                self.state = 489
                self.match(ASN1Parser.TYPE_IDENTIFIER)
                pass
            elif token in [1]:
                self.enterOuterAlt(localctx, 3)
                self.state = 490
                self.match(ASN1Parser.ABSTRACT_SYNTAX)
                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class FieldNameContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def AMPERSAND(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.AMPERSAND)
            else:
                return self.getToken(ASN1Parser.AMPERSAND, i)

        def typeReference(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.TypeReferenceContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,i)


        def IDENTIFIER(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.IDENTIFIER)
            else:
                return self.getToken(ASN1Parser.IDENTIFIER, i)

        def DOT(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.DOT)
            else:
                return self.getToken(ASN1Parser.DOT, i)

        def getRuleIndex(self):
            return ASN1Parser.RULE_fieldName

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitFieldName" ):
                return visitor.visitFieldName(self)
            else:
                return visitor.visitChildren(self)




    def fieldName(self):

        localctx = ASN1Parser.FieldNameContext(self, self._ctx, self.state)
        self.enterRule(localctx, 44, self.RULE_fieldName)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 493
            self.match(ASN1Parser.AMPERSAND)
            self.state = 496
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [111, 112]:
                self.state = 494
                self.typeReference()
                pass
            elif token in [113]:
                self.state = 495
                self.match(ASN1Parser.IDENTIFIER)
                pass
            else:
                raise NoViableAltException(self)

            self.state = 506
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==94:
                self.state = 498
                self.match(ASN1Parser.DOT)
                self.state = 499
                self.match(ASN1Parser.AMPERSAND)
                self.state = 502
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [111, 112]:
                    self.state = 500
                    self.typeReference()
                    pass
                elif token in [113]:
                    self.state = 501
                    self.match(ASN1Parser.IDENTIFIER)
                    pass
                else:
                    raise NoViableAltException(self)

                self.state = 508
                self._errHandler.sync(self)
                _la = self._input.LA(1)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class TypeReferenceContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def TYPE_REFERENCE(self):
            return self.getToken(ASN1Parser.TYPE_REFERENCE, 0)

        def ALL_CAPS_REFERENCE(self):
            return self.getToken(ASN1Parser.ALL_CAPS_REFERENCE, 0)

        def getRuleIndex(self):
            return ASN1Parser.RULE_typeReference

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitTypeReference" ):
                return visitor.visitTypeReference(self)
            else:
                return visitor.visitChildren(self)




    def typeReference(self):

        localctx = ASN1Parser.TypeReferenceContext(self, self._ctx, self.state)
        self.enterRule(localctx, 46, self.RULE_typeReference)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 509
            _la = self._input.LA(1)
            if not(_la==111 or _la==112):
                self._errHandler.recoverInline(self)
            else:
                self._errHandler.reportMatch(self)
                self.consume()
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ConstraintContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def LPAREN(self):
            return self.getToken(ASN1Parser.LPAREN, 0)

        def constraintSpec(self):
            return self.getTypedRuleContext(ASN1Parser.ConstraintSpecContext,0)


        def RPAREN(self):
            return self.getToken(ASN1Parser.RPAREN, 0)

        def exceptionSpec(self):
            return self.getTypedRuleContext(ASN1Parser.ExceptionSpecContext,0)


        def getRuleIndex(self):
            return ASN1Parser.RULE_constraint

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitConstraint" ):
                return visitor.visitConstraint(self)
            else:
                return visitor.visitChildren(self)




    def constraint(self):

        localctx = ASN1Parser.ConstraintContext(self, self._ctx, self.state)
        self.enterRule(localctx, 48, self.RULE_constraint)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 511
            self.match(ASN1Parser.LPAREN)
            self.state = 512
            self.constraintSpec()
            self.state = 514
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==109:
                self.state = 513
                self.exceptionSpec()


            self.state = 516
            self.match(ASN1Parser.RPAREN)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ConstraintSpecContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser


        def getRuleIndex(self):
            return ASN1Parser.RULE_constraintSpec

     
        def copyFrom(self, ctx:ParserRuleContext):
            super().copyFrom(ctx)



    class SubtypeConstraintContext(ConstraintSpecContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ConstraintSpecContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def elementSetSpecs(self):
            return self.getTypedRuleContext(ASN1Parser.ElementSetSpecsContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitSubtypeConstraint" ):
                return visitor.visitSubtypeConstraint(self)
            else:
                return visitor.visitChildren(self)


    class UserDefinedConstraintContext(ConstraintSpecContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ConstraintSpecContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def CONSTRAINED(self):
            return self.getToken(ASN1Parser.CONSTRAINED, 0)
        def BY(self):
            return self.getToken(ASN1Parser.BY, 0)
        def bracedTokens(self):
            return self.getTypedRuleContext(ASN1Parser.BracedTokensContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitUserDefinedConstraint" ):
                return visitor.visitUserDefinedConstraint(self)
            else:
                return visitor.visitChildren(self)


    class TableConstraintContext(ConstraintSpecContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ConstraintSpecContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def bracedTokens(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.BracedTokensContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.BracedTokensContext,i)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitTableConstraint" ):
                return visitor.visitTableConstraint(self)
            else:
                return visitor.visitChildren(self)


    class ContentsConstraintContext(ConstraintSpecContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ConstraintSpecContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def CONTAINING(self):
            return self.getToken(ASN1Parser.CONTAINING, 0)
        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)

        def ENCODED(self):
            return self.getToken(ASN1Parser.ENCODED, 0)
        def BY(self):
            return self.getToken(ASN1Parser.BY, 0)
        def value(self):
            return self.getTypedRuleContext(ASN1Parser.ValueContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitContentsConstraint" ):
                return visitor.visitContentsConstraint(self)
            else:
                return visitor.visitChildren(self)



    def constraintSpec(self):

        localctx = ASN1Parser.ConstraintSpecContext(self, self._ctx, self.state)
        self.enterRule(localctx, 50, self.RULE_constraintSpec)
        self._la = 0 # Token type
        try:
            self.state = 537
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,64,self._ctx)
            if la_ == 1:
                localctx = ASN1Parser.SubtypeConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 518
                self.elementSetSpecs()
                pass

            elif la_ == 2:
                localctx = ASN1Parser.UserDefinedConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 519
                self.match(ASN1Parser.CONSTRAINED)
                self.state = 520
                self.match(ASN1Parser.BY)
                self.state = 521
                self.bracedTokens()
                pass

            elif la_ == 3:
                localctx = ASN1Parser.ContentsConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 3)
                self.state = 532
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [17]:
                    self.state = 522
                    self.match(ASN1Parser.CONTAINING)
                    self.state = 523
                    self.type_()
                    self.state = 527
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)
                    if _la==25:
                        self.state = 524
                        self.match(ASN1Parser.ENCODED)
                        self.state = 525
                        self.match(ASN1Parser.BY)
                        self.state = 526
                        self.value()


                    pass
                elif token in [25]:
                    self.state = 529
                    self.match(ASN1Parser.ENCODED)
                    self.state = 530
                    self.match(ASN1Parser.BY)
                    self.state = 531
                    self.value()
                    pass
                else:
                    raise NoViableAltException(self)

                pass

            elif la_ == 4:
                localctx = ASN1Parser.TableConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 4)
                self.state = 534
                self.bracedTokens()
                self.state = 535
                self.bracedTokens()
                pass


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ElementSetSpecsContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser
            self.root = None # ElementSetSpecContext
            self.extensionMark = None # Token
            self.additions = None # ElementSetSpecContext

        def elementSetSpec(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.ElementSetSpecContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.ElementSetSpecContext,i)


        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.COMMA)
            else:
                return self.getToken(ASN1Parser.COMMA, i)

        def ELLIPSIS(self):
            return self.getToken(ASN1Parser.ELLIPSIS, 0)

        def exceptionSpec(self):
            return self.getTypedRuleContext(ASN1Parser.ExceptionSpecContext,0)


        def getRuleIndex(self):
            return ASN1Parser.RULE_elementSetSpecs

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitElementSetSpecs" ):
                return visitor.visitElementSetSpecs(self)
            else:
                return visitor.visitChildren(self)




    def elementSetSpecs(self):

        localctx = ASN1Parser.ElementSetSpecsContext(self, self._ctx, self.state)
        self.enterRule(localctx, 52, self.RULE_elementSetSpecs)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 539
            localctx.root = self.elementSetSpec()
            self.state = 549
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==91:
                self.state = 540
                self.match(ASN1Parser.COMMA)
                self.state = 541
                localctx.extensionMark = self.match(ASN1Parser.ELLIPSIS)
                self.state = 543
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,65,self._ctx)
                if la_ == 1:
                    self.state = 542
                    self.exceptionSpec()


                self.state = 547
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==91:
                    self.state = 545
                    self.match(ASN1Parser.COMMA)
                    self.state = 546
                    localctx.additions = self.elementSetSpec()




        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ElementSetSpecContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def intersections(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.IntersectionsContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.IntersectionsContext,i)


        def BAR(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.BAR)
            else:
                return self.getToken(ASN1Parser.BAR, i)

        def UNION(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.UNION)
            else:
                return self.getToken(ASN1Parser.UNION, i)

        def ALL(self):
            return self.getToken(ASN1Parser.ALL, 0)

        def EXCEPT(self):
            return self.getToken(ASN1Parser.EXCEPT, 0)

        def elements(self):
            return self.getTypedRuleContext(ASN1Parser.ElementsContext,0)


        def getRuleIndex(self):
            return ASN1Parser.RULE_elementSetSpec

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitElementSetSpec" ):
                return visitor.visitElementSetSpec(self)
            else:
                return visitor.visitChildren(self)




    def elementSetSpec(self):

        localctx = ASN1Parser.ElementSetSpecContext(self, self._ctx, self.state)
        self.enterRule(localctx, 54, self.RULE_elementSetSpec)
        self._la = 0 # Token type
        try:
            self.state = 562
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [1, 3, 7, 8, 9, 11, 12, 13, 17, 18, 19, 23, 24, 27, 32, 33, 34, 35, 36, 37, 38, 43, 44, 45, 47, 49, 50, 51, 52, 53, 54, 55, 56, 57, 59, 61, 63, 64, 66, 67, 68, 69, 70, 71, 72, 75, 77, 78, 79, 80, 81, 84, 85, 86, 87, 88, 89, 95, 97, 99, 103, 111, 112, 113, 114, 115, 116, 117, 118, 119]:
                self.enterOuterAlt(localctx, 1)
                self.state = 551
                self.intersections()
                self.state = 556
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==82 or _la==104:
                    self.state = 552
                    _la = self._input.LA(1)
                    if not(_la==82 or _la==104):
                        self._errHandler.recoverInline(self)
                    else:
                        self._errHandler.reportMatch(self)
                        self.consume()
                    self.state = 553
                    self.intersections()
                    self.state = 558
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                pass
            elif token in [2]:
                self.enterOuterAlt(localctx, 2)
                self.state = 559
                self.match(ASN1Parser.ALL)
                self.state = 560
                self.match(ASN1Parser.EXCEPT)
                self.state = 561
                self.elements()
                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class IntersectionsContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def intersectionElements(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.IntersectionElementsContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.IntersectionElementsContext,i)


        def CARET(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.CARET)
            else:
                return self.getToken(ASN1Parser.CARET, i)

        def INTERSECTION(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.INTERSECTION)
            else:
                return self.getToken(ASN1Parser.INTERSECTION, i)

        def getRuleIndex(self):
            return ASN1Parser.RULE_intersections

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitIntersections" ):
                return visitor.visitIntersections(self)
            else:
                return visitor.visitChildren(self)




    def intersections(self):

        localctx = ASN1Parser.IntersectionsContext(self, self._ctx, self.state)
        self.enterRule(localctx, 56, self.RULE_intersections)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 564
            self.intersectionElements()
            self.state = 569
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==46 or _la==105:
                self.state = 565
                _la = self._input.LA(1)
                if not(_la==46 or _la==105):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                self.state = 566
                self.intersectionElements()
                self.state = 571
                self._errHandler.sync(self)
                _la = self._input.LA(1)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class IntersectionElementsContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser
            self.excluded = None # ElementsContext

        def elements(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.ElementsContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.ElementsContext,i)


        def EXCEPT(self):
            return self.getToken(ASN1Parser.EXCEPT, 0)

        def getRuleIndex(self):
            return ASN1Parser.RULE_intersectionElements

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitIntersectionElements" ):
                return visitor.visitIntersectionElements(self)
            else:
                return visitor.visitChildren(self)




    def intersectionElements(self):

        localctx = ASN1Parser.IntersectionElementsContext(self, self._ctx, self.state)
        self.enterRule(localctx, 58, self.RULE_intersectionElements)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 572
            self.elements()
            self.state = 575
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==28:
                self.state = 573
                self.match(ASN1Parser.EXCEPT)
                self.state = 574
                localctx.excluded = self.elements()


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ElementsContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser


        def getRuleIndex(self):
            return ASN1Parser.RULE_elements

     
        def copyFrom(self, ctx:ParserRuleContext):
            super().copyFrom(ctx)



    class PatternConstraintContext(ElementsContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ElementsContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def PATTERN(self):
            return self.getToken(ASN1Parser.PATTERN, 0)
        def value(self):
            return self.getTypedRuleContext(ASN1Parser.ValueContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitPatternConstraint" ):
                return visitor.visitPatternConstraint(self)
            else:
                return visitor.visitChildren(self)


    class ParenthesizedElementSetContext(ElementsContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ElementsContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def LPAREN(self):
            return self.getToken(ASN1Parser.LPAREN, 0)
        def elementSetSpec(self):
            return self.getTypedRuleContext(ASN1Parser.ElementSetSpecContext,0)

        def RPAREN(self):
            return self.getToken(ASN1Parser.RPAREN, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitParenthesizedElementSet" ):
                return visitor.visitParenthesizedElementSet(self)
            else:
                return visitor.visitChildren(self)


    class SizeConstraintContext(ElementsContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ElementsContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def SIZE(self):
            return self.getToken(ASN1Parser.SIZE, 0)
        def constraint(self):
            return self.getTypedRuleContext(ASN1Parser.ConstraintContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitSizeConstraint" ):
                return visitor.visitSizeConstraint(self)
            else:
                return visitor.visitChildren(self)


    class ValueRangeContext(ElementsContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ElementsContext
            super().__init__(parser)
            self.lower = None # RangeEndpointContext
            self.lowerOpen = None # Token
            self.upperOpen = None # Token
            self.upper = None # RangeEndpointContext
            self.copyFrom(ctx)

        def RANGE(self):
            return self.getToken(ASN1Parser.RANGE, 0)
        def rangeEndpoint(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.RangeEndpointContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.RangeEndpointContext,i)

        def LESS(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.LESS)
            else:
                return self.getToken(ASN1Parser.LESS, i)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitValueRange" ):
                return visitor.visitValueRange(self)
            else:
                return visitor.visitChildren(self)


    class PropertySettingsContext(ElementsContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ElementsContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def SETTINGS(self):
            return self.getToken(ASN1Parser.SETTINGS, 0)
        def CSTRING(self):
            return self.getToken(ASN1Parser.CSTRING, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitPropertySettings" ):
                return visitor.visitPropertySettings(self)
            else:
                return visitor.visitChildren(self)


    class ContainedSubtypeContext(ElementsContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ElementsContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)

        def INCLUDES(self):
            return self.getToken(ASN1Parser.INCLUDES, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitContainedSubtype" ):
                return visitor.visitContainedSubtype(self)
            else:
                return visitor.visitChildren(self)


    class SingleValueContext(ElementsContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ElementsContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def value(self):
            return self.getTypedRuleContext(ASN1Parser.ValueContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitSingleValue" ):
                return visitor.visitSingleValue(self)
            else:
                return visitor.visitChildren(self)


    class PermittedAlphabetContext(ElementsContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ElementsContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def FROM(self):
            return self.getToken(ASN1Parser.FROM, 0)
        def constraint(self):
            return self.getTypedRuleContext(ASN1Parser.ConstraintContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitPermittedAlphabet" ):
                return visitor.visitPermittedAlphabet(self)
            else:
                return visitor.visitChildren(self)


    class InnerTypeConstraintContext(ElementsContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ElementsContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def WITH(self):
            return self.getToken(ASN1Parser.WITH, 0)
        def COMPONENT(self):
            return self.getToken(ASN1Parser.COMPONENT, 0)
        def constraint(self):
            return self.getTypedRuleContext(ASN1Parser.ConstraintContext,0)

        def COMPONENTS(self):
            return self.getToken(ASN1Parser.COMPONENTS, 0)
        def bracedTokens(self):
            return self.getTypedRuleContext(ASN1Parser.BracedTokensContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitInnerTypeConstraint" ):
                return visitor.visitInnerTypeConstraint(self)
            else:
                return visitor.visitChildren(self)



    def elements(self):

        localctx = ASN1Parser.ElementsContext(self, self._ctx, self.state)
        self.enterRule(localctx, 60, self.RULE_elements)
        self._la = 0 # Token type
        try:
            self.state = 610
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,75,self._ctx)
            if la_ == 1:
                localctx = ASN1Parser.SingleValueContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 577
                self.value()
                pass

            elif la_ == 2:
                localctx = ASN1Parser.ValueRangeContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 578
                localctx.lower = self.rangeEndpoint()
                self.state = 580
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==106:
                    self.state = 579
                    localctx.lowerOpen = self.match(ASN1Parser.LESS)


                self.state = 582
                self.match(ASN1Parser.RANGE)
                self.state = 584
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==106:
                    self.state = 583
                    localctx.upperOpen = self.match(ASN1Parser.LESS)


                self.state = 586
                localctx.upper = self.rangeEndpoint()
                pass

            elif la_ == 3:
                localctx = ASN1Parser.SizeConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 3)
                self.state = 588
                self.match(ASN1Parser.SIZE)
                self.state = 589
                self.constraint()
                pass

            elif la_ == 4:
                localctx = ASN1Parser.PermittedAlphabetContext(self, localctx)
                self.enterOuterAlt(localctx, 4)
                self.state = 590
                self.match(ASN1Parser.FROM)
                self.state = 591
                self.constraint()
                pass

            elif la_ == 5:
                localctx = ASN1Parser.ParenthesizedElementSetContext(self, localctx)
                self.enterOuterAlt(localctx, 5)
                self.state = 592
                self.match(ASN1Parser.LPAREN)
                self.state = 593
                self.elementSetSpec()
                self.state = 594
                self.match(ASN1Parser.RPAREN)
                pass

            elif la_ == 6:
                localctx = ASN1Parser.ContainedSubtypeContext(self, localctx)
                self.enterOuterAlt(localctx, 6)
                self.state = 597
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==43:
                    self.state = 596
                    self.match(ASN1Parser.INCLUDES)


                self.state = 599
                self.type_()
                pass

            elif la_ == 7:
                localctx = ASN1Parser.InnerTypeConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 7)
                self.state = 600
                self.match(ASN1Parser.WITH)
                self.state = 601
                self.match(ASN1Parser.COMPONENT)
                self.state = 602
                self.constraint()
                pass

            elif la_ == 8:
                localctx = ASN1Parser.InnerTypeConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 8)
                self.state = 603
                self.match(ASN1Parser.WITH)
                self.state = 604
                self.match(ASN1Parser.COMPONENTS)
                self.state = 605
                self.bracedTokens()
                pass

            elif la_ == 9:
                localctx = ASN1Parser.PatternConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 9)
                self.state = 606
                self.match(ASN1Parser.PATTERN)
                self.state = 607
                self.value()
                pass

            elif la_ == 10:
                localctx = ASN1Parser.PropertySettingsContext(self, localctx)
                self.enterOuterAlt(localctx, 10)
                self.state = 608
                self.match(ASN1Parser.SETTINGS)
                self.state = 609
                self.match(ASN1Parser.CSTRING)
                pass


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class RangeEndpointContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def value(self):
            return self.getTypedRuleContext(ASN1Parser.ValueContext,0)


        def MIN(self):
            return self.getToken(ASN1Parser.MIN, 0)

        def MAX(self):
            return self.getToken(ASN1Parser.MAX, 0)

        def getRuleIndex(self):
            return ASN1Parser.RULE_rangeEndpoint

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitRangeEndpoint" ):
                return visitor.visitRangeEndpoint(self)
            else:
                return visitor.visitChildren(self)




    def rangeEndpoint(self):

        localctx = ASN1Parser.RangeEndpointContext(self, self._ctx, self.state)
        self.enterRule(localctx, 62, self.RULE_rangeEndpoint)
        try:
            self.state = 615
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [17, 33, 51, 52, 53, 63, 80, 95, 103, 111, 112, 113, 114, 115, 116, 117, 118, 119]:
                self.enterOuterAlt(localctx, 1)
                self.state = 612
                self.value()
                pass
            elif token in [50]:
                self.enterOuterAlt(localctx, 2)
                self.state = 613
                self.match(ASN1Parser.MIN)
                pass
            elif token in [49]:
                self.enterOuterAlt(localctx, 3)
                self.state = 614
                self.match(ASN1Parser.MAX)
                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ExceptionSpecContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def EXCLAMATION(self):
            return self.getToken(ASN1Parser.EXCLAMATION, 0)

        def value(self):
            return self.getTypedRuleContext(ASN1Parser.ValueContext,0)


        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)


        def COLON(self):
            return self.getToken(ASN1Parser.COLON, 0)

        def getRuleIndex(self):
            return ASN1Parser.RULE_exceptionSpec

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitExceptionSpec" ):
                return visitor.visitExceptionSpec(self)
            else:
                return visitor.visitChildren(self)




    def exceptionSpec(self):

        localctx = ASN1Parser.ExceptionSpecContext(self, self._ctx, self.state)
        self.enterRule(localctx, 64, self.RULE_exceptionSpec)
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 617
            self.match(ASN1Parser.EXCLAMATION)
            self.state = 621
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,77,self._ctx)
            if la_ == 1:
                self.state = 618
                self.type_()
                self.state = 619
                self.match(ASN1Parser.COLON)


            self.state = 623
            self.value()
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ValueContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser


        def getRuleIndex(self):
            return ASN1Parser.RULE_value

     
        def copyFrom(self, ctx:ParserRuleContext):
            super().copyFrom(ctx)



    class ValueRefContext(ValueContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ValueContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def definedValue(self):
            return self.getTypedRuleContext(ASN1Parser.DefinedValueContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitValueRef" ):
                return visitor.visitValueRef(self)
            else:
                return visitor.visitChildren(self)


    class RealValueContext(ValueContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ValueContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def REAL_NUMBER(self):
            return self.getToken(ASN1Parser.REAL_NUMBER, 0)
        def MINUS(self):
            return self.getToken(ASN1Parser.MINUS, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitRealValue" ):
                return visitor.visitRealValue(self)
            else:
                return visitor.visitChildren(self)


    class StringValueContext(ValueContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ValueContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def CSTRING(self):
            return self.getToken(ASN1Parser.CSTRING, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitStringValue" ):
                return visitor.visitStringValue(self)
            else:
                return visitor.visitChildren(self)


    class IntValueContext(ValueContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ValueContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def signedNumber(self):
            return self.getTypedRuleContext(ASN1Parser.SignedNumberContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitIntValue" ):
                return visitor.visitIntValue(self)
            else:
                return visitor.visitChildren(self)


    class BracedValueContext(ValueContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ValueContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def bracedTokens(self):
            return self.getTypedRuleContext(ASN1Parser.BracedTokensContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitBracedValue" ):
                return visitor.visitBracedValue(self)
            else:
                return visitor.visitChildren(self)


    class ContainingValueContext(ValueContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ValueContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def CONTAINING(self):
            return self.getToken(ASN1Parser.CONTAINING, 0)
        def value(self):
            return self.getTypedRuleContext(ASN1Parser.ValueContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitContainingValue" ):
                return visitor.visitContainingValue(self)
            else:
                return visitor.visitChildren(self)


    class BoolValueContext(ValueContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ValueContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def TRUE(self):
            return self.getToken(ASN1Parser.TRUE, 0)
        def FALSE(self):
            return self.getToken(ASN1Parser.FALSE, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitBoolValue" ):
                return visitor.visitBoolValue(self)
            else:
                return visitor.visitChildren(self)


    class ChoiceValueContext(ValueContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ValueContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)
        def COLON(self):
            return self.getToken(ASN1Parser.COLON, 0)
        def value(self):
            return self.getTypedRuleContext(ASN1Parser.ValueContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitChoiceValue" ):
                return visitor.visitChoiceValue(self)
            else:
                return visitor.visitChildren(self)


    class BitsValueContext(ValueContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ValueContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def BSTRING(self):
            return self.getToken(ASN1Parser.BSTRING, 0)
        def HSTRING(self):
            return self.getToken(ASN1Parser.HSTRING, 0)
        def QUOTED_WITHOUT_RADIX(self):
            return self.getToken(ASN1Parser.QUOTED_WITHOUT_RADIX, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitBitsValue" ):
                return visitor.visitBitsValue(self)
            else:
                return visitor.visitChildren(self)


    class NullValueContext(ValueContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ValueContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def NULL(self):
            return self.getToken(ASN1Parser.NULL, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitNullValue" ):
                return visitor.visitNullValue(self)
            else:
                return visitor.visitChildren(self)


    class OpenTypeValueContext(ValueContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ValueContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def typeReference(self):
            return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,0)

        def COLON(self):
            return self.getToken(ASN1Parser.COLON, 0)
        def value(self):
            return self.getTypedRuleContext(ASN1Parser.ValueContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitOpenTypeValue" ):
                return visitor.visitOpenTypeValue(self)
            else:
                return visitor.visitChildren(self)


    class SpecialRealValueContext(ValueContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ValueContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def PLUS_INFINITY(self):
            return self.getToken(ASN1Parser.PLUS_INFINITY, 0)
        def MINUS_INFINITY(self):
            return self.getToken(ASN1Parser.MINUS_INFINITY, 0)
        def NOT_A_NUMBER(self):
            return self.getToken(ASN1Parser.NOT_A_NUMBER, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitSpecialRealValue" ):
                return visitor.visitSpecialRealValue(self)
            else:
                return visitor.visitChildren(self)



    def value(self):

        localctx = ASN1Parser.ValueContext(self, self._ctx, self.state)
        self.enterRule(localctx, 66, self.RULE_value)
        self._la = 0 # Token type
        try:
            self.state = 646
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,79,self._ctx)
            if la_ == 1:
                localctx = ASN1Parser.IntValueContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 625
                self.signedNumber()
                pass

            elif la_ == 2:
                localctx = ASN1Parser.RealValueContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 627
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==103:
                    self.state = 626
                    self.match(ASN1Parser.MINUS)


                self.state = 629
                self.match(ASN1Parser.REAL_NUMBER)
                pass

            elif la_ == 3:
                localctx = ASN1Parser.SpecialRealValueContext(self, localctx)
                self.enterOuterAlt(localctx, 3)
                self.state = 630
                _la = self._input.LA(1)
                if not((((_la) & ~0x3f) == 0 and ((1 << _la) & -9216616637413720064) != 0)):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                pass

            elif la_ == 4:
                localctx = ASN1Parser.BoolValueContext(self, localctx)
                self.enterOuterAlt(localctx, 4)
                self.state = 631
                _la = self._input.LA(1)
                if not(_la==33 or _la==80):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                pass

            elif la_ == 5:
                localctx = ASN1Parser.NullValueContext(self, localctx)
                self.enterOuterAlt(localctx, 5)
                self.state = 632
                self.match(ASN1Parser.NULL)
                pass

            elif la_ == 6:
                localctx = ASN1Parser.StringValueContext(self, localctx)
                self.enterOuterAlt(localctx, 6)
                self.state = 633
                self.match(ASN1Parser.CSTRING)
                pass

            elif la_ == 7:
                localctx = ASN1Parser.BitsValueContext(self, localctx)
                self.enterOuterAlt(localctx, 7)
                self.state = 634
                _la = self._input.LA(1)
                if not(((((_la - 117)) & ~0x3f) == 0 and ((1 << (_la - 117)) & 7) != 0)):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                pass

            elif la_ == 8:
                localctx = ASN1Parser.ValueRefContext(self, localctx)
                self.enterOuterAlt(localctx, 8)
                self.state = 635
                self.definedValue()
                pass

            elif la_ == 9:
                localctx = ASN1Parser.BracedValueContext(self, localctx)
                self.enterOuterAlt(localctx, 9)
                self.state = 636
                self.bracedTokens()
                pass

            elif la_ == 10:
                localctx = ASN1Parser.ChoiceValueContext(self, localctx)
                self.enterOuterAlt(localctx, 10)
                self.state = 637
                self.match(ASN1Parser.IDENTIFIER)
                self.state = 638
                self.match(ASN1Parser.COLON)
                self.state = 639
                self.value()
                pass

            elif la_ == 11:
                localctx = ASN1Parser.OpenTypeValueContext(self, localctx)
                self.enterOuterAlt(localctx, 11)
                self.state = 640
                self.typeReference()
                self.state = 641
                self.match(ASN1Parser.COLON)
                self.state = 642
                self.value()
                pass

            elif la_ == 12:
                localctx = ASN1Parser.ContainingValueContext(self, localctx)
                self.enterOuterAlt(localctx, 12)
                self.state = 644
                self.match(ASN1Parser.CONTAINING)
                self.state = 645
                self.value()
                pass


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class SignedNumberContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def NUMBER(self):
            return self.getToken(ASN1Parser.NUMBER, 0)

        def MINUS(self):
            return self.getToken(ASN1Parser.MINUS, 0)

        def getRuleIndex(self):
            return ASN1Parser.RULE_signedNumber

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitSignedNumber" ):
                return visitor.visitSignedNumber(self)
            else:
                return visitor.visitChildren(self)




    def signedNumber(self):

        localctx = ASN1Parser.SignedNumberContext(self, self._ctx, self.state)
        self.enterRule(localctx, 68, self.RULE_signedNumber)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 649
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==103:
                self.state = 648
                self.match(ASN1Parser.MINUS)


            self.state = 651
            self.match(ASN1Parser.NUMBER)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class DefinedValueContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser
            self.module = None # TypeReferenceContext
            self.name = None # Token

        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)

        def DOT(self):
            return self.getToken(ASN1Parser.DOT, 0)

        def typeReference(self):
            return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,0)


        def getRuleIndex(self):
            return ASN1Parser.RULE_definedValue

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitDefinedValue" ):
                return visitor.visitDefinedValue(self)
            else:
                return visitor.visitChildren(self)




    def definedValue(self):

        localctx = ASN1Parser.DefinedValueContext(self, self._ctx, self.state)
        self.enterRule(localctx, 70, self.RULE_definedValue)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 656
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==111 or _la==112:
                self.state = 653
                localctx.module = self.typeReference()
                self.state = 654
                self.match(ASN1Parser.DOT)


            self.state = 658
            localctx.name = self.match(ASN1Parser.IDENTIFIER)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class BracedTokensContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def LBRACE(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.LBRACE)
            else:
                return self.getToken(ASN1Parser.LBRACE, i)

        def RBRACE(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.RBRACE)
            else:
                return self.getToken(ASN1Parser.RBRACE, i)

        def bracedTokens(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.BracedTokensContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.BracedTokensContext,i)


        def getRuleIndex(self):
            return ASN1Parser.RULE_bracedTokens

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitBracedTokens" ):
                return visitor.visitBracedTokens(self)
            else:
                return visitor.visitChildren(self)




    def bracedTokens(self):

        localctx = ASN1Parser.BracedTokensContext(self, self._ctx, self.state)
        self.enterRule(localctx, 72, self.RULE_bracedTokens)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 660
            self.match(ASN1Parser.LBRACE)
            self.state = 665
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while (((_la) & ~0x3f) == 0 and ((1 << _la) & -2) != 0) or ((((_la - 64)) & ~0x3f) == 0 and ((1 << (_la - 64)) & 576460748008456191) != 0):
                self.state = 663
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [95]:
                    self.state = 661
                    self.bracedTokens()
                    pass
                elif token in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122]:
                    self.state = 662
                    _la = self._input.LA(1)
                    if _la <= 0 or _la==95 or _la==96:
                        self._errHandler.recoverInline(self)
                    else:
                        self._errHandler.reportMatch(self)
                        self.consume()
                    pass
                else:
                    raise NoViableAltException(self)

                self.state = 667
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 668
            self.match(ASN1Parser.RBRACE)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx





