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
        4,1,122,716,2,0,7,0,2,1,7,1,2,2,7,2,2,3,7,3,2,4,7,4,2,5,7,5,2,6,
        7,6,2,7,7,7,2,8,7,8,2,9,7,9,2,10,7,10,2,11,7,11,2,12,7,12,2,13,7,
        13,2,14,7,14,2,15,7,15,2,16,7,16,2,17,7,17,2,18,7,18,2,19,7,19,2,
        20,7,20,2,21,7,21,2,22,7,22,2,23,7,23,2,24,7,24,2,25,7,25,2,26,7,
        26,2,27,7,27,2,28,7,28,2,29,7,29,2,30,7,30,2,31,7,31,2,32,7,32,2,
        33,7,33,2,34,7,34,2,35,7,35,2,36,7,36,2,37,7,37,2,38,7,38,2,39,7,
        39,2,40,7,40,1,0,5,0,84,8,0,10,0,12,0,87,9,0,1,0,1,0,1,1,1,1,3,1,
        93,8,1,1,1,1,1,3,1,97,8,1,1,1,3,1,100,8,1,1,1,1,1,1,1,3,1,105,8,
        1,1,1,3,1,108,8,1,1,1,5,1,111,8,1,10,1,12,1,114,9,1,1,1,1,1,1,2,
        1,2,1,2,1,3,1,3,1,3,1,4,1,4,4,4,126,8,4,11,4,12,4,127,1,4,1,4,1,
        5,1,5,1,5,1,5,1,5,3,5,137,8,5,1,5,3,5,140,8,5,1,5,1,5,1,5,1,5,3,
        5,146,8,5,1,6,1,6,1,6,1,6,1,6,1,6,1,6,5,6,155,8,6,10,6,12,6,158,
        9,6,3,6,160,8,6,1,6,3,6,163,8,6,1,7,1,7,5,7,167,8,7,10,7,12,7,170,
        9,7,1,7,1,7,1,8,1,8,1,8,5,8,177,8,8,10,8,12,8,180,9,8,1,8,1,8,1,
        8,3,8,185,8,8,1,9,1,9,3,9,189,8,9,1,10,1,10,3,10,193,8,10,1,10,1,
        10,3,10,197,8,10,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,
        11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,
        11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,
        11,5,11,235,8,11,10,11,12,11,238,9,11,1,11,1,11,1,11,1,11,1,11,1,
        11,1,11,5,11,247,8,11,10,11,12,11,250,9,11,1,11,1,11,1,11,1,11,5,
        11,256,8,11,10,11,12,11,259,9,11,1,11,1,11,1,11,3,11,264,8,11,1,
        12,1,12,1,12,1,12,5,12,270,8,12,10,12,12,12,273,9,12,1,12,1,12,1,
        13,1,13,1,13,3,13,280,8,13,1,13,1,13,1,14,1,14,1,14,1,14,5,14,288,
        8,14,10,14,12,14,291,9,14,1,14,1,14,1,15,1,15,1,15,1,15,1,15,1,15,
        3,15,301,8,15,1,16,1,16,1,17,1,17,1,18,1,18,3,18,309,8,18,1,18,1,
        18,1,18,1,18,1,18,1,18,3,18,317,8,18,1,18,1,18,3,18,321,8,18,1,18,
        1,18,1,18,5,18,326,8,18,10,18,12,18,329,9,18,3,18,331,8,18,1,19,
        1,19,1,19,1,19,1,19,3,19,338,8,19,1,19,1,19,1,19,1,19,1,19,5,19,
        345,8,19,10,19,12,19,348,9,19,1,19,1,19,3,19,352,8,19,1,19,1,19,
        1,19,1,19,1,19,5,19,359,8,19,10,19,12,19,362,9,19,1,19,1,19,1,19,
        1,19,1,19,1,19,1,19,1,19,5,19,372,8,19,10,19,12,19,375,9,19,1,19,
        1,19,3,19,379,8,19,1,19,1,19,1,19,1,19,1,19,1,19,5,19,387,8,19,10,
        19,12,19,390,9,19,3,19,392,8,19,1,19,1,19,1,19,1,19,1,19,1,19,5,
        19,400,8,19,10,19,12,19,403,9,19,1,19,1,19,1,19,1,19,1,19,3,19,410,
        8,19,1,19,1,19,1,19,1,19,3,19,416,8,19,1,19,1,19,1,19,1,19,1,19,
        1,19,1,19,1,19,1,19,1,19,1,19,1,19,3,19,430,8,19,1,19,1,19,1,19,
        1,19,1,19,1,19,1,19,1,19,1,19,3,19,441,8,19,1,19,1,19,1,19,1,19,
        1,19,1,19,1,19,1,19,1,19,1,19,3,19,453,8,19,1,19,1,19,1,19,1,19,
        3,19,459,8,19,1,20,1,20,3,20,463,8,20,1,20,1,20,1,20,1,21,1,21,3,
        21,470,8,21,1,22,1,22,1,22,1,22,3,22,476,8,22,1,22,1,22,1,23,1,23,
        1,23,1,23,3,23,484,8,23,1,23,1,23,3,23,488,8,23,1,23,1,23,3,23,492,
        8,23,3,23,494,8,23,1,24,1,24,1,24,1,24,1,24,3,24,501,8,24,1,24,1,
        24,3,24,505,8,24,1,24,1,24,1,24,1,24,3,24,511,8,24,1,24,1,24,1,24,
        5,24,516,8,24,10,24,12,24,519,9,24,1,24,1,24,1,24,1,24,1,24,1,24,
        3,24,527,8,24,1,25,1,25,1,25,3,25,532,8,25,1,25,1,25,1,25,3,25,537,
        8,25,1,26,1,26,1,26,3,26,542,8,26,1,26,1,26,1,26,1,26,3,26,548,8,
        26,5,26,550,8,26,10,26,12,26,553,9,26,1,27,1,27,1,28,1,28,1,28,3,
        28,560,8,28,1,28,1,28,1,29,1,29,1,29,1,29,1,29,1,29,1,29,1,29,1,
        29,3,29,573,8,29,1,29,1,29,1,29,3,29,578,8,29,1,29,1,29,1,29,3,29,
        583,8,29,1,30,1,30,1,30,1,30,3,30,589,8,30,1,30,1,30,3,30,593,8,
        30,3,30,595,8,30,1,31,1,31,1,31,5,31,600,8,31,10,31,12,31,603,9,
        31,1,31,1,31,1,31,3,31,608,8,31,1,32,1,32,1,32,5,32,613,8,32,10,
        32,12,32,616,9,32,1,33,1,33,1,33,3,33,621,8,33,1,34,1,34,1,34,3,
        34,626,8,34,1,34,1,34,3,34,630,8,34,1,34,1,34,1,34,1,34,1,34,1,34,
        1,34,1,34,1,34,1,34,1,34,3,34,643,8,34,1,34,1,34,1,34,1,34,1,34,
        1,34,1,34,1,34,1,34,1,34,1,34,3,34,656,8,34,1,35,1,35,1,35,3,35,
        661,8,35,1,36,1,36,1,36,1,36,3,36,667,8,36,1,36,1,36,1,37,1,37,3,
        37,673,8,37,1,37,1,37,1,37,1,37,1,37,1,37,1,37,1,37,1,37,1,37,1,
        37,1,37,1,37,1,37,1,37,1,37,1,37,3,37,692,8,37,1,38,3,38,695,8,38,
        1,38,1,38,1,39,1,39,1,39,3,39,702,8,39,1,39,1,39,1,40,1,40,1,40,
        5,40,709,8,40,10,40,12,40,712,9,40,1,40,1,40,1,40,0,0,41,0,2,4,6,
        8,10,12,14,16,18,20,22,24,26,28,30,32,34,36,38,40,42,44,46,48,50,
        52,54,56,58,60,62,64,66,68,70,72,74,76,78,80,0,18,3,0,5,5,29,29,
        40,40,1,0,26,26,1,0,111,113,2,0,74,74,111,111,3,0,6,6,26,26,90,90,
        2,0,29,29,40,40,1,0,69,70,9,0,8,8,36,38,47,47,54,54,64,64,75,75,
        77,77,84,84,86,88,5,0,18,19,23,23,35,35,78,79,85,85,2,0,1,1,81,81,
        3,0,4,4,65,65,83,83,1,0,111,112,2,0,82,82,104,104,2,0,46,46,105,
        105,2,0,51,52,63,63,2,0,33,33,80,80,1,0,117,119,1,0,95,96,821,0,
        85,1,0,0,0,2,90,1,0,0,0,4,117,1,0,0,0,6,120,1,0,0,0,8,123,1,0,0,
        0,10,145,1,0,0,0,12,162,1,0,0,0,14,164,1,0,0,0,16,173,1,0,0,0,18,
        188,1,0,0,0,20,192,1,0,0,0,22,263,1,0,0,0,24,265,1,0,0,0,26,279,
        1,0,0,0,28,283,1,0,0,0,30,300,1,0,0,0,32,302,1,0,0,0,34,304,1,0,
        0,0,36,330,1,0,0,0,38,458,1,0,0,0,40,460,1,0,0,0,42,469,1,0,0,0,
        44,471,1,0,0,0,46,493,1,0,0,0,48,526,1,0,0,0,50,536,1,0,0,0,52,538,
        1,0,0,0,54,554,1,0,0,0,56,556,1,0,0,0,58,582,1,0,0,0,60,584,1,0,
        0,0,62,607,1,0,0,0,64,609,1,0,0,0,66,617,1,0,0,0,68,655,1,0,0,0,
        70,660,1,0,0,0,72,662,1,0,0,0,74,691,1,0,0,0,76,694,1,0,0,0,78,701,
        1,0,0,0,80,705,1,0,0,0,82,84,3,2,1,0,83,82,1,0,0,0,84,87,1,0,0,0,
        85,83,1,0,0,0,85,86,1,0,0,0,86,88,1,0,0,0,87,85,1,0,0,0,88,89,5,
        0,0,1,89,1,1,0,0,0,90,92,3,54,27,0,91,93,3,8,4,0,92,91,1,0,0,0,92,
        93,1,0,0,0,93,94,1,0,0,0,94,96,5,22,0,0,95,97,3,4,2,0,96,95,1,0,
        0,0,96,97,1,0,0,0,97,99,1,0,0,0,98,100,3,6,3,0,99,98,1,0,0,0,99,
        100,1,0,0,0,100,101,1,0,0,0,101,102,5,90,0,0,102,104,5,6,0,0,103,
        105,3,12,6,0,104,103,1,0,0,0,104,105,1,0,0,0,105,107,1,0,0,0,106,
        108,3,14,7,0,107,106,1,0,0,0,107,108,1,0,0,0,108,112,1,0,0,0,109,
        111,3,22,11,0,110,109,1,0,0,0,111,114,1,0,0,0,112,110,1,0,0,0,112,
        113,1,0,0,0,113,115,1,0,0,0,114,112,1,0,0,0,115,116,5,26,0,0,116,
        3,1,0,0,0,117,118,7,0,0,0,118,119,5,76,0,0,119,5,1,0,0,0,120,121,
        5,31,0,0,121,122,5,41,0,0,122,7,1,0,0,0,123,125,5,95,0,0,124,126,
        3,10,5,0,125,124,1,0,0,0,126,127,1,0,0,0,127,125,1,0,0,0,127,128,
        1,0,0,0,128,129,1,0,0,0,129,130,5,96,0,0,130,9,1,0,0,0,131,146,5,
        114,0,0,132,139,5,113,0,0,133,136,5,97,0,0,134,137,5,114,0,0,135,
        137,3,78,39,0,136,134,1,0,0,0,136,135,1,0,0,0,137,138,1,0,0,0,138,
        140,5,98,0,0,139,133,1,0,0,0,139,140,1,0,0,0,140,146,1,0,0,0,141,
        142,3,54,27,0,142,143,5,94,0,0,143,144,5,113,0,0,144,146,1,0,0,0,
        145,131,1,0,0,0,145,132,1,0,0,0,145,141,1,0,0,0,146,11,1,0,0,0,147,
        148,5,30,0,0,148,149,5,2,0,0,149,163,5,101,0,0,150,159,5,30,0,0,
        151,156,3,20,10,0,152,153,5,91,0,0,153,155,3,20,10,0,154,152,1,0,
        0,0,155,158,1,0,0,0,156,154,1,0,0,0,156,157,1,0,0,0,157,160,1,0,
        0,0,158,156,1,0,0,0,159,151,1,0,0,0,159,160,1,0,0,0,160,161,1,0,
        0,0,161,163,5,101,0,0,162,147,1,0,0,0,162,150,1,0,0,0,163,13,1,0,
        0,0,164,168,5,42,0,0,165,167,3,16,8,0,166,165,1,0,0,0,167,170,1,
        0,0,0,168,166,1,0,0,0,168,169,1,0,0,0,169,171,1,0,0,0,170,168,1,
        0,0,0,171,172,5,101,0,0,172,15,1,0,0,0,173,178,3,20,10,0,174,175,
        5,91,0,0,175,177,3,20,10,0,176,174,1,0,0,0,177,180,1,0,0,0,178,176,
        1,0,0,0,178,179,1,0,0,0,179,181,1,0,0,0,180,178,1,0,0,0,181,182,
        5,34,0,0,182,184,3,54,27,0,183,185,3,18,9,0,184,183,1,0,0,0,184,
        185,1,0,0,0,185,17,1,0,0,0,186,189,3,8,4,0,187,189,3,78,39,0,188,
        186,1,0,0,0,188,187,1,0,0,0,189,19,1,0,0,0,190,193,3,54,27,0,191,
        193,5,113,0,0,192,190,1,0,0,0,192,191,1,0,0,0,193,196,1,0,0,0,194,
        195,5,95,0,0,195,197,5,96,0,0,196,194,1,0,0,0,196,197,1,0,0,0,197,
        21,1,0,0,0,198,199,3,54,27,0,199,200,5,90,0,0,200,201,3,36,18,0,
        201,264,1,0,0,0,202,203,5,113,0,0,203,204,3,36,18,0,204,205,5,90,
        0,0,205,206,3,74,37,0,206,264,1,0,0,0,207,208,3,54,27,0,208,209,
        3,36,18,0,209,210,5,90,0,0,210,211,3,80,40,0,211,264,1,0,0,0,212,
        213,3,54,27,0,213,214,3,24,12,0,214,215,5,90,0,0,215,216,3,36,18,
        0,216,264,1,0,0,0,217,218,3,54,27,0,218,219,3,24,12,0,219,220,3,
        36,18,0,220,221,5,90,0,0,221,222,3,80,40,0,222,264,1,0,0,0,223,224,
        5,113,0,0,224,225,3,24,12,0,225,226,3,36,18,0,226,227,5,90,0,0,227,
        228,3,74,37,0,228,264,1,0,0,0,229,230,3,54,27,0,230,231,5,48,0,0,
        231,232,5,90,0,0,232,236,5,6,0,0,233,235,8,1,0,0,234,233,1,0,0,0,
        235,238,1,0,0,0,236,234,1,0,0,0,236,237,1,0,0,0,237,239,1,0,0,0,
        238,236,1,0,0,0,239,240,5,26,0,0,240,264,1,0,0,0,241,242,3,54,27,
        0,242,243,5,90,0,0,243,244,5,111,0,0,244,248,3,32,16,0,245,247,3,
        34,17,0,246,245,1,0,0,0,247,250,1,0,0,0,248,246,1,0,0,0,248,249,
        1,0,0,0,249,264,1,0,0,0,250,248,1,0,0,0,251,252,5,113,0,0,252,253,
        5,111,0,0,253,257,3,32,16,0,254,256,3,34,17,0,255,254,1,0,0,0,256,
        259,1,0,0,0,257,255,1,0,0,0,257,258,1,0,0,0,258,260,1,0,0,0,259,
        257,1,0,0,0,260,261,5,90,0,0,261,262,3,74,37,0,262,264,1,0,0,0,263,
        198,1,0,0,0,263,202,1,0,0,0,263,207,1,0,0,0,263,212,1,0,0,0,263,
        217,1,0,0,0,263,223,1,0,0,0,263,229,1,0,0,0,263,241,1,0,0,0,263,
        251,1,0,0,0,264,23,1,0,0,0,265,266,5,95,0,0,266,271,3,26,13,0,267,
        268,5,91,0,0,268,270,3,26,13,0,269,267,1,0,0,0,270,273,1,0,0,0,271,
        269,1,0,0,0,271,272,1,0,0,0,272,274,1,0,0,0,273,271,1,0,0,0,274,
        275,5,96,0,0,275,25,1,0,0,0,276,277,3,36,18,0,277,278,5,102,0,0,
        278,280,1,0,0,0,279,276,1,0,0,0,279,280,1,0,0,0,280,281,1,0,0,0,
        281,282,7,2,0,0,282,27,1,0,0,0,283,284,5,95,0,0,284,289,3,30,15,
        0,285,286,5,91,0,0,286,288,3,30,15,0,287,285,1,0,0,0,288,291,1,0,
        0,0,289,287,1,0,0,0,289,290,1,0,0,0,290,292,1,0,0,0,291,289,1,0,
        0,0,292,293,5,96,0,0,293,29,1,0,0,0,294,295,5,95,0,0,295,296,3,60,
        30,0,296,297,5,96,0,0,297,301,1,0,0,0,298,301,3,36,18,0,299,301,
        3,74,37,0,300,294,1,0,0,0,300,298,1,0,0,0,300,299,1,0,0,0,301,31,
        1,0,0,0,302,303,7,3,0,0,303,33,1,0,0,0,304,305,8,4,0,0,305,35,1,
        0,0,0,306,308,3,40,20,0,307,309,7,5,0,0,308,307,1,0,0,0,308,309,
        1,0,0,0,309,310,1,0,0,0,310,311,3,36,18,0,311,331,1,0,0,0,312,316,
        7,6,0,0,313,314,5,72,0,0,314,317,3,56,28,0,315,317,3,56,28,0,316,
        313,1,0,0,0,316,315,1,0,0,0,316,317,1,0,0,0,317,318,1,0,0,0,318,
        320,5,58,0,0,319,321,5,113,0,0,320,319,1,0,0,0,320,321,1,0,0,0,321,
        322,1,0,0,0,322,331,3,36,18,0,323,327,3,38,19,0,324,326,3,56,28,
        0,325,324,1,0,0,0,326,329,1,0,0,0,327,325,1,0,0,0,327,328,1,0,0,
        0,328,331,1,0,0,0,329,327,1,0,0,0,330,306,1,0,0,0,330,312,1,0,0,
        0,330,323,1,0,0,0,331,37,1,0,0,0,332,338,5,9,0,0,333,338,5,53,0,
        0,334,338,5,66,0,0,335,336,5,57,0,0,336,338,5,73,0,0,337,332,1,0,
        0,0,337,333,1,0,0,0,337,334,1,0,0,0,337,335,1,0,0,0,338,459,1,0,
        0,0,339,351,5,45,0,0,340,341,5,95,0,0,341,346,3,44,22,0,342,343,
        5,91,0,0,343,345,3,44,22,0,344,342,1,0,0,0,345,348,1,0,0,0,346,344,
        1,0,0,0,346,347,1,0,0,0,347,349,1,0,0,0,348,346,1,0,0,0,349,350,
        5,96,0,0,350,352,1,0,0,0,351,340,1,0,0,0,351,352,1,0,0,0,352,459,
        1,0,0,0,353,354,5,27,0,0,354,355,5,95,0,0,355,360,3,46,23,0,356,
        357,5,91,0,0,357,359,3,46,23,0,358,356,1,0,0,0,359,362,1,0,0,0,360,
        358,1,0,0,0,360,361,1,0,0,0,361,363,1,0,0,0,362,360,1,0,0,0,363,
        364,5,96,0,0,364,459,1,0,0,0,365,366,5,7,0,0,366,378,5,73,0,0,367,
        368,5,95,0,0,368,373,3,44,22,0,369,370,5,91,0,0,370,372,3,44,22,
        0,371,369,1,0,0,0,372,375,1,0,0,0,373,371,1,0,0,0,373,374,1,0,0,
        0,374,376,1,0,0,0,375,373,1,0,0,0,376,377,5,96,0,0,377,379,1,0,0,
        0,378,367,1,0,0,0,378,379,1,0,0,0,379,459,1,0,0,0,380,459,7,7,0,
        0,381,382,7,6,0,0,382,391,5,95,0,0,383,388,3,48,24,0,384,385,5,91,
        0,0,385,387,3,48,24,0,386,384,1,0,0,0,387,390,1,0,0,0,388,386,1,
        0,0,0,388,389,1,0,0,0,389,392,1,0,0,0,390,388,1,0,0,0,391,383,1,
        0,0,0,391,392,1,0,0,0,392,393,1,0,0,0,393,459,5,96,0,0,394,395,5,
        12,0,0,395,396,5,95,0,0,396,401,3,48,24,0,397,398,5,91,0,0,398,400,
        3,48,24,0,399,397,1,0,0,0,400,403,1,0,0,0,401,399,1,0,0,0,401,402,
        1,0,0,0,402,404,1,0,0,0,403,401,1,0,0,0,404,405,5,96,0,0,405,459,
        1,0,0,0,406,407,3,54,27,0,407,408,5,94,0,0,408,410,1,0,0,0,409,406,
        1,0,0,0,409,410,1,0,0,0,410,411,1,0,0,0,411,459,3,54,27,0,412,413,
        3,54,27,0,413,414,5,94,0,0,414,416,1,0,0,0,415,412,1,0,0,0,415,416,
        1,0,0,0,416,417,1,0,0,0,417,418,3,54,27,0,418,419,3,28,14,0,419,
        459,1,0,0,0,420,421,3,50,25,0,421,422,5,94,0,0,422,423,3,52,26,0,
        423,459,1,0,0,0,424,425,5,55,0,0,425,430,5,39,0,0,426,430,5,67,0,
        0,427,430,5,59,0,0,428,430,5,68,0,0,429,424,1,0,0,0,429,426,1,0,
        0,0,429,427,1,0,0,0,429,428,1,0,0,0,430,459,1,0,0,0,431,432,5,11,
        0,0,432,459,5,73,0,0,433,434,5,24,0,0,434,459,5,62,0,0,435,459,5,
        32,0,0,436,440,5,3,0,0,437,438,5,21,0,0,438,439,5,10,0,0,439,441,
        5,113,0,0,440,437,1,0,0,0,440,441,1,0,0,0,441,459,1,0,0,0,442,443,
        5,44,0,0,443,444,5,58,0,0,444,459,3,50,25,0,445,459,7,8,0,0,446,
        459,5,56,0,0,447,448,5,13,0,0,448,452,3,80,40,0,449,450,5,89,0,0,
        450,451,5,74,0,0,451,453,3,80,40,0,452,449,1,0,0,0,452,453,1,0,0,
        0,453,459,1,0,0,0,454,459,7,9,0,0,455,456,5,113,0,0,456,457,5,106,
        0,0,457,459,3,36,18,0,458,337,1,0,0,0,458,339,1,0,0,0,458,353,1,
        0,0,0,458,365,1,0,0,0,458,380,1,0,0,0,458,381,1,0,0,0,458,394,1,
        0,0,0,458,409,1,0,0,0,458,415,1,0,0,0,458,420,1,0,0,0,458,429,1,
        0,0,0,458,431,1,0,0,0,458,433,1,0,0,0,458,435,1,0,0,0,458,436,1,
        0,0,0,458,442,1,0,0,0,458,445,1,0,0,0,458,446,1,0,0,0,458,447,1,
        0,0,0,458,454,1,0,0,0,458,455,1,0,0,0,459,39,1,0,0,0,460,462,5,99,
        0,0,461,463,7,10,0,0,462,461,1,0,0,0,462,463,1,0,0,0,463,464,1,0,
        0,0,464,465,3,42,21,0,465,466,5,100,0,0,466,41,1,0,0,0,467,470,5,
        114,0,0,468,470,3,78,39,0,469,467,1,0,0,0,469,468,1,0,0,0,470,43,
        1,0,0,0,471,472,5,113,0,0,472,475,5,97,0,0,473,476,3,76,38,0,474,
        476,3,78,39,0,475,473,1,0,0,0,475,474,1,0,0,0,476,477,1,0,0,0,477,
        478,5,98,0,0,478,45,1,0,0,0,479,487,5,113,0,0,480,483,5,97,0,0,481,
        484,3,76,38,0,482,484,3,78,39,0,483,481,1,0,0,0,483,482,1,0,0,0,
        484,485,1,0,0,0,485,486,5,98,0,0,486,488,1,0,0,0,487,480,1,0,0,0,
        487,488,1,0,0,0,488,494,1,0,0,0,489,491,5,92,0,0,490,492,3,72,36,
        0,491,490,1,0,0,0,491,492,1,0,0,0,492,494,1,0,0,0,493,479,1,0,0,
        0,493,489,1,0,0,0,494,47,1,0,0,0,495,496,5,113,0,0,496,500,3,36,
        18,0,497,501,5,60,0,0,498,499,5,20,0,0,499,501,3,74,37,0,500,497,
        1,0,0,0,500,498,1,0,0,0,500,501,1,0,0,0,501,527,1,0,0,0,502,504,
        5,92,0,0,503,505,3,72,36,0,504,503,1,0,0,0,504,505,1,0,0,0,505,527,
        1,0,0,0,506,507,5,99,0,0,507,510,5,99,0,0,508,509,5,114,0,0,509,
        511,5,102,0,0,510,508,1,0,0,0,510,511,1,0,0,0,511,512,1,0,0,0,512,
        517,3,48,24,0,513,514,5,91,0,0,514,516,3,48,24,0,515,513,1,0,0,0,
        516,519,1,0,0,0,517,515,1,0,0,0,517,518,1,0,0,0,518,520,1,0,0,0,
        519,517,1,0,0,0,520,521,5,100,0,0,521,522,5,100,0,0,522,527,1,0,
        0,0,523,524,5,15,0,0,524,525,5,58,0,0,525,527,3,36,18,0,526,495,
        1,0,0,0,526,502,1,0,0,0,526,506,1,0,0,0,526,523,1,0,0,0,527,49,1,
        0,0,0,528,529,3,54,27,0,529,530,5,94,0,0,530,532,1,0,0,0,531,528,
        1,0,0,0,531,532,1,0,0,0,532,533,1,0,0,0,533,537,3,54,27,0,534,537,
        5,81,0,0,535,537,5,1,0,0,536,531,1,0,0,0,536,534,1,0,0,0,536,535,
        1,0,0,0,537,51,1,0,0,0,538,541,5,110,0,0,539,542,3,54,27,0,540,542,
        5,113,0,0,541,539,1,0,0,0,541,540,1,0,0,0,542,551,1,0,0,0,543,544,
        5,94,0,0,544,547,5,110,0,0,545,548,3,54,27,0,546,548,5,113,0,0,547,
        545,1,0,0,0,547,546,1,0,0,0,548,550,1,0,0,0,549,543,1,0,0,0,550,
        553,1,0,0,0,551,549,1,0,0,0,551,552,1,0,0,0,552,53,1,0,0,0,553,551,
        1,0,0,0,554,555,7,11,0,0,555,55,1,0,0,0,556,557,5,97,0,0,557,559,
        3,58,29,0,558,560,3,72,36,0,559,558,1,0,0,0,559,560,1,0,0,0,560,
        561,1,0,0,0,561,562,5,98,0,0,562,57,1,0,0,0,563,583,3,60,30,0,564,
        565,5,16,0,0,565,566,5,10,0,0,566,583,3,80,40,0,567,568,5,17,0,0,
        568,572,3,36,18,0,569,570,5,25,0,0,570,571,5,10,0,0,571,573,3,74,
        37,0,572,569,1,0,0,0,572,573,1,0,0,0,573,578,1,0,0,0,574,575,5,25,
        0,0,575,576,5,10,0,0,576,578,3,74,37,0,577,567,1,0,0,0,577,574,1,
        0,0,0,578,583,1,0,0,0,579,580,3,80,40,0,580,581,3,80,40,0,581,583,
        1,0,0,0,582,563,1,0,0,0,582,564,1,0,0,0,582,577,1,0,0,0,582,579,
        1,0,0,0,583,59,1,0,0,0,584,594,3,62,31,0,585,586,5,91,0,0,586,588,
        5,92,0,0,587,589,3,72,36,0,588,587,1,0,0,0,588,589,1,0,0,0,589,592,
        1,0,0,0,590,591,5,91,0,0,591,593,3,62,31,0,592,590,1,0,0,0,592,593,
        1,0,0,0,593,595,1,0,0,0,594,585,1,0,0,0,594,595,1,0,0,0,595,61,1,
        0,0,0,596,601,3,64,32,0,597,598,7,12,0,0,598,600,3,64,32,0,599,597,
        1,0,0,0,600,603,1,0,0,0,601,599,1,0,0,0,601,602,1,0,0,0,602,608,
        1,0,0,0,603,601,1,0,0,0,604,605,5,2,0,0,605,606,5,28,0,0,606,608,
        3,68,34,0,607,596,1,0,0,0,607,604,1,0,0,0,608,63,1,0,0,0,609,614,
        3,66,33,0,610,611,7,13,0,0,611,613,3,66,33,0,612,610,1,0,0,0,613,
        616,1,0,0,0,614,612,1,0,0,0,614,615,1,0,0,0,615,65,1,0,0,0,616,614,
        1,0,0,0,617,620,3,68,34,0,618,619,5,28,0,0,619,621,3,68,34,0,620,
        618,1,0,0,0,620,621,1,0,0,0,621,67,1,0,0,0,622,656,3,74,37,0,623,
        625,3,70,35,0,624,626,5,106,0,0,625,624,1,0,0,0,625,626,1,0,0,0,
        626,627,1,0,0,0,627,629,5,93,0,0,628,630,5,106,0,0,629,628,1,0,0,
        0,629,630,1,0,0,0,630,631,1,0,0,0,631,632,3,70,35,0,632,656,1,0,
        0,0,633,634,5,72,0,0,634,656,3,56,28,0,635,636,5,34,0,0,636,656,
        3,56,28,0,637,638,5,97,0,0,638,639,3,62,31,0,639,640,5,98,0,0,640,
        656,1,0,0,0,641,643,5,43,0,0,642,641,1,0,0,0,642,643,1,0,0,0,643,
        644,1,0,0,0,644,656,3,36,18,0,645,646,5,89,0,0,646,647,5,14,0,0,
        647,656,3,56,28,0,648,649,5,89,0,0,649,650,5,15,0,0,650,656,3,80,
        40,0,651,652,5,61,0,0,652,656,3,74,37,0,653,654,5,71,0,0,654,656,
        5,116,0,0,655,622,1,0,0,0,655,623,1,0,0,0,655,633,1,0,0,0,655,635,
        1,0,0,0,655,637,1,0,0,0,655,642,1,0,0,0,655,645,1,0,0,0,655,648,
        1,0,0,0,655,651,1,0,0,0,655,653,1,0,0,0,656,69,1,0,0,0,657,661,3,
        74,37,0,658,661,5,50,0,0,659,661,5,49,0,0,660,657,1,0,0,0,660,658,
        1,0,0,0,660,659,1,0,0,0,661,71,1,0,0,0,662,666,5,109,0,0,663,664,
        3,36,18,0,664,665,5,102,0,0,665,667,1,0,0,0,666,663,1,0,0,0,666,
        667,1,0,0,0,667,668,1,0,0,0,668,669,3,74,37,0,669,73,1,0,0,0,670,
        692,3,76,38,0,671,673,5,103,0,0,672,671,1,0,0,0,672,673,1,0,0,0,
        673,674,1,0,0,0,674,692,5,115,0,0,675,692,7,14,0,0,676,692,7,15,
        0,0,677,692,5,53,0,0,678,692,5,116,0,0,679,692,7,16,0,0,680,692,
        3,78,39,0,681,692,3,80,40,0,682,683,5,113,0,0,683,684,5,102,0,0,
        684,692,3,74,37,0,685,686,3,54,27,0,686,687,5,102,0,0,687,688,3,
        74,37,0,688,692,1,0,0,0,689,690,5,17,0,0,690,692,3,74,37,0,691,670,
        1,0,0,0,691,672,1,0,0,0,691,675,1,0,0,0,691,676,1,0,0,0,691,677,
        1,0,0,0,691,678,1,0,0,0,691,679,1,0,0,0,691,680,1,0,0,0,691,681,
        1,0,0,0,691,682,1,0,0,0,691,685,1,0,0,0,691,689,1,0,0,0,692,75,1,
        0,0,0,693,695,5,103,0,0,694,693,1,0,0,0,694,695,1,0,0,0,695,696,
        1,0,0,0,696,697,5,114,0,0,697,77,1,0,0,0,698,699,3,54,27,0,699,700,
        5,94,0,0,700,702,1,0,0,0,701,698,1,0,0,0,701,702,1,0,0,0,702,703,
        1,0,0,0,703,704,5,113,0,0,704,79,1,0,0,0,705,710,5,95,0,0,706,709,
        3,80,40,0,707,709,8,17,0,0,708,706,1,0,0,0,708,707,1,0,0,0,709,712,
        1,0,0,0,710,708,1,0,0,0,710,711,1,0,0,0,711,713,1,0,0,0,712,710,
        1,0,0,0,713,714,5,96,0,0,714,81,1,0,0,0,88,85,92,96,99,104,107,112,
        127,136,139,145,156,159,162,168,178,184,188,192,196,236,248,257,
        263,271,279,289,300,308,316,320,327,330,337,346,351,360,373,378,
        388,391,401,409,415,429,440,452,458,462,469,475,483,487,491,493,
        500,504,510,517,526,531,536,541,547,551,559,572,577,582,588,592,
        594,601,607,614,620,625,629,642,655,660,666,672,691,694,701,708,
        710
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
    RULE_parameterList = 12
    RULE_parameter = 13
    RULE_actualParameterList = 14
    RULE_actualParameter = 15
    RULE_macroKeyword = 16
    RULE_macroToken = 17
    RULE_type = 18
    RULE_typeBody = 19
    RULE_tag = 20
    RULE_tagNumber = 21
    RULE_namedNumber = 22
    RULE_enumerationItem = 23
    RULE_componentItem = 24
    RULE_definedObjectClass = 25
    RULE_fieldName = 26
    RULE_typeReference = 27
    RULE_constraint = 28
    RULE_constraintSpec = 29
    RULE_elementSetSpecs = 30
    RULE_elementSetSpec = 31
    RULE_intersections = 32
    RULE_intersectionElements = 33
    RULE_elements = 34
    RULE_rangeEndpoint = 35
    RULE_exceptionSpec = 36
    RULE_value = 37
    RULE_signedNumber = 38
    RULE_definedValue = 39
    RULE_bracedTokens = 40

    ruleNames =  [ "specFile", "moduleDefinition", "tagDefault", "extensionDefault", 
                   "objectIdentifierValue", "objectIdentifierComponent", 
                   "exports", "imports", "symbolsFromModule", "assignedIdentifier", 
                   "symbol", "assignment", "parameterList", "parameter", 
                   "actualParameterList", "actualParameter", "macroKeyword", 
                   "macroToken", "type", "typeBody", "tag", "tagNumber", 
                   "namedNumber", "enumerationItem", "componentItem", "definedObjectClass", 
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
            self.state = 85
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==111 or _la==112:
                self.state = 82
                self.moduleDefinition()
                self.state = 87
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 88
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
            self.state = 90
            localctx.name = self.typeReference()
            self.state = 92
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==95:
                self.state = 91
                localctx.oid = self.objectIdentifierValue()


            self.state = 94
            self.match(ASN1Parser.DEFINITIONS)
            self.state = 96
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if (((_la) & ~0x3f) == 0 and ((1 << _la) & 1100048498720) != 0):
                self.state = 95
                self.tagDefault()


            self.state = 99
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==31:
                self.state = 98
                self.extensionDefault()


            self.state = 101
            self.match(ASN1Parser.ASSIGN)
            self.state = 102
            self.match(ASN1Parser.BEGIN)
            self.state = 104
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==30:
                self.state = 103
                self.exports()


            self.state = 107
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==42:
                self.state = 106
                self.imports()


            self.state = 112
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while ((((_la - 111)) & ~0x3f) == 0 and ((1 << (_la - 111)) & 7) != 0):
                self.state = 109
                self.assignment()
                self.state = 114
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 115
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
            self.state = 117
            localctx.tagging = self._input.LT(1)
            _la = self._input.LA(1)
            if not((((_la) & ~0x3f) == 0 and ((1 << _la) & 1100048498720) != 0)):
                localctx.tagging = self._errHandler.recoverInline(self)
            else:
                self._errHandler.reportMatch(self)
                self.consume()
            self.state = 118
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
            self.state = 120
            self.match(ASN1Parser.EXTENSIBILITY)
            self.state = 121
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
            self.state = 123
            self.match(ASN1Parser.LBRACE)
            self.state = 125 
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while True:
                self.state = 124
                self.objectIdentifierComponent()
                self.state = 127 
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if not (((((_la - 111)) & ~0x3f) == 0 and ((1 << (_la - 111)) & 15) != 0)):
                    break

            self.state = 129
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
            self.state = 145
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [114]:
                self.enterOuterAlt(localctx, 1)
                self.state = 131
                self.match(ASN1Parser.NUMBER)
                pass
            elif token in [113]:
                self.enterOuterAlt(localctx, 2)
                self.state = 132
                self.match(ASN1Parser.IDENTIFIER)
                self.state = 139
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==97:
                    self.state = 133
                    self.match(ASN1Parser.LPAREN)
                    self.state = 136
                    self._errHandler.sync(self)
                    token = self._input.LA(1)
                    if token in [114]:
                        self.state = 134
                        self.match(ASN1Parser.NUMBER)
                        pass
                    elif token in [111, 112, 113]:
                        self.state = 135
                        self.definedValue()
                        pass
                    else:
                        raise NoViableAltException(self)

                    self.state = 138
                    self.match(ASN1Parser.RPAREN)


                pass
            elif token in [111, 112]:
                self.enterOuterAlt(localctx, 3)
                self.state = 141
                self.typeReference()
                self.state = 142
                self.match(ASN1Parser.DOT)
                self.state = 143
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
            self.state = 162
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,13,self._ctx)
            if la_ == 1:
                localctx = ASN1Parser.ExportsAllContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 147
                self.match(ASN1Parser.EXPORTS)
                self.state = 148
                self.match(ASN1Parser.ALL)
                self.state = 149
                self.match(ASN1Parser.SEMICOLON)
                pass

            elif la_ == 2:
                localctx = ASN1Parser.ExportsSymbolsContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 150
                self.match(ASN1Parser.EXPORTS)
                self.state = 159
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if ((((_la - 111)) & ~0x3f) == 0 and ((1 << (_la - 111)) & 7) != 0):
                    self.state = 151
                    self.symbol()
                    self.state = 156
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)
                    while _la==91:
                        self.state = 152
                        self.match(ASN1Parser.COMMA)
                        self.state = 153
                        self.symbol()
                        self.state = 158
                        self._errHandler.sync(self)
                        _la = self._input.LA(1)



                self.state = 161
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
            self.state = 164
            self.match(ASN1Parser.IMPORTS)
            self.state = 168
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while ((((_la - 111)) & ~0x3f) == 0 and ((1 << (_la - 111)) & 7) != 0):
                self.state = 165
                self.symbolsFromModule()
                self.state = 170
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 171
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
            self.state = 173
            self.symbol()
            self.state = 178
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==91:
                self.state = 174
                self.match(ASN1Parser.COMMA)
                self.state = 175
                self.symbol()
                self.state = 180
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 181
            self.match(ASN1Parser.FROM)
            self.state = 182
            localctx.module = self.typeReference()
            self.state = 184
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,16,self._ctx)
            if la_ == 1:
                self.state = 183
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
            self.state = 188
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [95]:
                self.enterOuterAlt(localctx, 1)
                self.state = 186
                self.objectIdentifierValue()
                pass
            elif token in [111, 112, 113]:
                self.enterOuterAlt(localctx, 2)
                self.state = 187
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
            self.state = 192
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [111, 112]:
                self.state = 190
                self.typeReference()
                pass
            elif token in [113]:
                self.state = 191
                self.match(ASN1Parser.IDENTIFIER)
                pass
            else:
                raise NoViableAltException(self)

            self.state = 196
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==95:
                self.state = 194
                localctx.parameterized = self.match(ASN1Parser.LBRACE)
                self.state = 195
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


    class ParameterizedTypeAssignmentContext(AssignmentContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.AssignmentContext
            super().__init__(parser)
            self.name = None # TypeReferenceContext
            self.copyFrom(ctx)

        def parameterList(self):
            return self.getTypedRuleContext(ASN1Parser.ParameterListContext,0)

        def ASSIGN(self):
            return self.getToken(ASN1Parser.ASSIGN, 0)
        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)

        def typeReference(self):
            return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitParameterizedTypeAssignment" ):
                return visitor.visitParameterizedTypeAssignment(self)
            else:
                return visitor.visitChildren(self)


    class ParameterizedAssignmentContext(AssignmentContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.AssignmentContext
            super().__init__(parser)
            self.typeName = None # TypeReferenceContext
            self.valueName = None # Token
            self.copyFrom(ctx)

        def parameterList(self):
            return self.getTypedRuleContext(ASN1Parser.ParameterListContext,0)

        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)

        def ASSIGN(self):
            return self.getToken(ASN1Parser.ASSIGN, 0)
        def bracedTokens(self):
            return self.getTypedRuleContext(ASN1Parser.BracedTokensContext,0)

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
            self.state = 263
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,23,self._ctx)
            if la_ == 1:
                localctx = ASN1Parser.TypeAssignmentContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 198
                localctx.name = self.typeReference()
                self.state = 199
                self.match(ASN1Parser.ASSIGN)
                self.state = 200
                self.type_()
                pass

            elif la_ == 2:
                localctx = ASN1Parser.ValueAssignmentContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 202
                localctx.name = self.match(ASN1Parser.IDENTIFIER)
                self.state = 203
                self.type_()
                self.state = 204
                self.match(ASN1Parser.ASSIGN)
                self.state = 205
                self.value()
                pass

            elif la_ == 3:
                localctx = ASN1Parser.ValueSetAssignmentContext(self, localctx)
                self.enterOuterAlt(localctx, 3)
                self.state = 207
                localctx.name = self.typeReference()
                self.state = 208
                self.type_()
                self.state = 209
                self.match(ASN1Parser.ASSIGN)
                self.state = 210
                self.bracedTokens()
                pass

            elif la_ == 4:
                localctx = ASN1Parser.ParameterizedTypeAssignmentContext(self, localctx)
                self.enterOuterAlt(localctx, 4)
                self.state = 212
                localctx.name = self.typeReference()
                self.state = 213
                self.parameterList()
                self.state = 214
                self.match(ASN1Parser.ASSIGN)
                self.state = 215
                self.type_()
                pass

            elif la_ == 5:
                localctx = ASN1Parser.ParameterizedAssignmentContext(self, localctx)
                self.enterOuterAlt(localctx, 5)
                self.state = 217
                localctx.typeName = self.typeReference()
                self.state = 218
                self.parameterList()
                self.state = 219
                self.type_()
                self.state = 220
                self.match(ASN1Parser.ASSIGN)
                self.state = 221
                self.bracedTokens()
                pass

            elif la_ == 6:
                localctx = ASN1Parser.ParameterizedAssignmentContext(self, localctx)
                self.enterOuterAlt(localctx, 6)
                self.state = 223
                localctx.valueName = self.match(ASN1Parser.IDENTIFIER)
                self.state = 224
                self.parameterList()
                self.state = 225
                self.type_()
                self.state = 226
                self.match(ASN1Parser.ASSIGN)
                self.state = 227
                self.value()
                pass

            elif la_ == 7:
                localctx = ASN1Parser.MacroDefinitionContext(self, localctx)
                self.enterOuterAlt(localctx, 7)
                self.state = 229
                localctx.name = self.typeReference()
                self.state = 230
                self.match(ASN1Parser.MACRO)
                self.state = 231
                self.match(ASN1Parser.ASSIGN)
                self.state = 232
                self.match(ASN1Parser.BEGIN)
                self.state = 236
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while (((_la) & ~0x3f) == 0 and ((1 << _la) & -67108866) != 0) or ((((_la - 64)) & ~0x3f) == 0 and ((1 << (_la - 64)) & 576460752303423487) != 0):
                    self.state = 233
                    _la = self._input.LA(1)
                    if _la <= 0 or _la==26:
                        self._errHandler.recoverInline(self)
                    else:
                        self._errHandler.reportMatch(self)
                        self.consume()
                    self.state = 238
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 239
                self.match(ASN1Parser.END)
                pass

            elif la_ == 8:
                localctx = ASN1Parser.MacroTypeNotationContext(self, localctx)
                self.enterOuterAlt(localctx, 8)
                self.state = 241
                localctx.name = self.typeReference()
                self.state = 242
                self.match(ASN1Parser.ASSIGN)
                self.state = 243
                localctx.macroName = self.match(ASN1Parser.ALL_CAPS_REFERENCE)
                self.state = 244
                self.macroKeyword()
                self.state = 248
                self._errHandler.sync(self)
                _alt = self._interp.adaptivePredict(self._input,21,self._ctx)
                while _alt!=2 and _alt!=ATN.INVALID_ALT_NUMBER:
                    if _alt==1:
                        self.state = 245
                        self.macroToken() 
                    self.state = 250
                    self._errHandler.sync(self)
                    _alt = self._interp.adaptivePredict(self._input,21,self._ctx)

                pass

            elif la_ == 9:
                localctx = ASN1Parser.MacroValueNotationContext(self, localctx)
                self.enterOuterAlt(localctx, 9)
                self.state = 251
                localctx.name = self.match(ASN1Parser.IDENTIFIER)
                self.state = 252
                localctx.macroName = self.match(ASN1Parser.ALL_CAPS_REFERENCE)
                self.state = 253
                self.macroKeyword()
                self.state = 257
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while (((_la) & ~0x3f) == 0 and ((1 << _la) & -67108930) != 0) or ((((_la - 64)) & ~0x3f) == 0 and ((1 << (_la - 64)) & 576460752236314623) != 0):
                    self.state = 254
                    self.macroToken()
                    self.state = 259
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 260
                self.match(ASN1Parser.ASSIGN)
                self.state = 261
                self.value()
                pass


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ParameterListContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def LBRACE(self):
            return self.getToken(ASN1Parser.LBRACE, 0)

        def parameter(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.ParameterContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.ParameterContext,i)


        def RBRACE(self):
            return self.getToken(ASN1Parser.RBRACE, 0)

        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.COMMA)
            else:
                return self.getToken(ASN1Parser.COMMA, i)

        def getRuleIndex(self):
            return ASN1Parser.RULE_parameterList

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitParameterList" ):
                return visitor.visitParameterList(self)
            else:
                return visitor.visitChildren(self)




    def parameterList(self):

        localctx = ASN1Parser.ParameterListContext(self, self._ctx, self.state)
        self.enterRule(localctx, 24, self.RULE_parameterList)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 265
            self.match(ASN1Parser.LBRACE)
            self.state = 266
            self.parameter()
            self.state = 271
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==91:
                self.state = 267
                self.match(ASN1Parser.COMMA)
                self.state = 268
                self.parameter()
                self.state = 273
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 274
            self.match(ASN1Parser.RBRACE)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ParameterContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser
            self.governor = None # TypeContext
            self.paramName = None # Token

        def TYPE_REFERENCE(self):
            return self.getToken(ASN1Parser.TYPE_REFERENCE, 0)

        def ALL_CAPS_REFERENCE(self):
            return self.getToken(ASN1Parser.ALL_CAPS_REFERENCE, 0)

        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)

        def COLON(self):
            return self.getToken(ASN1Parser.COLON, 0)

        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)


        def getRuleIndex(self):
            return ASN1Parser.RULE_parameter

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitParameter" ):
                return visitor.visitParameter(self)
            else:
                return visitor.visitChildren(self)




    def parameter(self):

        localctx = ASN1Parser.ParameterContext(self, self._ctx, self.state)
        self.enterRule(localctx, 26, self.RULE_parameter)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 279
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,25,self._ctx)
            if la_ == 1:
                self.state = 276
                localctx.governor = self.type_()
                self.state = 277
                self.match(ASN1Parser.COLON)


            self.state = 281
            localctx.paramName = self._input.LT(1)
            _la = self._input.LA(1)
            if not(((((_la - 111)) & ~0x3f) == 0 and ((1 << (_la - 111)) & 7) != 0)):
                localctx.paramName = self._errHandler.recoverInline(self)
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


    class ActualParameterListContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def LBRACE(self):
            return self.getToken(ASN1Parser.LBRACE, 0)

        def actualParameter(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.ActualParameterContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.ActualParameterContext,i)


        def RBRACE(self):
            return self.getToken(ASN1Parser.RBRACE, 0)

        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.COMMA)
            else:
                return self.getToken(ASN1Parser.COMMA, i)

        def getRuleIndex(self):
            return ASN1Parser.RULE_actualParameterList

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitActualParameterList" ):
                return visitor.visitActualParameterList(self)
            else:
                return visitor.visitChildren(self)




    def actualParameterList(self):

        localctx = ASN1Parser.ActualParameterListContext(self, self._ctx, self.state)
        self.enterRule(localctx, 28, self.RULE_actualParameterList)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 283
            self.match(ASN1Parser.LBRACE)
            self.state = 284
            self.actualParameter()
            self.state = 289
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==91:
                self.state = 285
                self.match(ASN1Parser.COMMA)
                self.state = 286
                self.actualParameter()
                self.state = 291
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 292
            self.match(ASN1Parser.RBRACE)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ActualParameterContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def LBRACE(self):
            return self.getToken(ASN1Parser.LBRACE, 0)

        def elementSetSpecs(self):
            return self.getTypedRuleContext(ASN1Parser.ElementSetSpecsContext,0)


        def RBRACE(self):
            return self.getToken(ASN1Parser.RBRACE, 0)

        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)


        def value(self):
            return self.getTypedRuleContext(ASN1Parser.ValueContext,0)


        def getRuleIndex(self):
            return ASN1Parser.RULE_actualParameter

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitActualParameter" ):
                return visitor.visitActualParameter(self)
            else:
                return visitor.visitChildren(self)




    def actualParameter(self):

        localctx = ASN1Parser.ActualParameterContext(self, self._ctx, self.state)
        self.enterRule(localctx, 30, self.RULE_actualParameter)
        try:
            self.state = 300
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,27,self._ctx)
            if la_ == 1:
                self.enterOuterAlt(localctx, 1)
                self.state = 294
                self.match(ASN1Parser.LBRACE)
                self.state = 295
                self.elementSetSpecs()
                self.state = 296
                self.match(ASN1Parser.RBRACE)
                pass

            elif la_ == 2:
                self.enterOuterAlt(localctx, 2)
                self.state = 298
                self.type_()
                pass

            elif la_ == 3:
                self.enterOuterAlt(localctx, 3)
                self.state = 299
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
        self.enterRule(localctx, 32, self.RULE_macroKeyword)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 302
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
        self.enterRule(localctx, 34, self.RULE_macroToken)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 304
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
        self.enterRule(localctx, 36, self.RULE_type)
        self._la = 0 # Token type
        try:
            self.state = 330
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,32,self._ctx)
            if la_ == 1:
                localctx = ASN1Parser.TaggedTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 306
                self.tag()
                self.state = 308
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==29 or _la==40:
                    self.state = 307
                    localctx.tagging = self._input.LT(1)
                    _la = self._input.LA(1)
                    if not(_la==29 or _la==40):
                        localctx.tagging = self._errHandler.recoverInline(self)
                    else:
                        self._errHandler.reportMatch(self)
                        self.consume()


                self.state = 310
                self.type_()
                pass

            elif la_ == 2:
                localctx = ASN1Parser.SequenceOfTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 312
                localctx.kind = self._input.LT(1)
                _la = self._input.LA(1)
                if not(_la==69 or _la==70):
                    localctx.kind = self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                self.state = 316
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [72]:
                    self.state = 313
                    self.match(ASN1Parser.SIZE)
                    self.state = 314
                    localctx.size = self.constraint()
                    pass
                elif token in [97]:
                    self.state = 315
                    self.constraint()
                    pass
                elif token in [58]:
                    pass
                else:
                    pass
                self.state = 318
                self.match(ASN1Parser.OF)
                self.state = 320
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,30,self._ctx)
                if la_ == 1:
                    self.state = 319
                    localctx.elementName = self.match(ASN1Parser.IDENTIFIER)


                self.state = 322
                self.type_()
                pass

            elif la_ == 3:
                localctx = ASN1Parser.ConstrainedTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 3)
                self.state = 323
                self.typeBody()
                self.state = 327
                self._errHandler.sync(self)
                _alt = self._interp.adaptivePredict(self._input,31,self._ctx)
                while _alt!=2 and _alt!=ATN.INVALID_ALT_NUMBER:
                    if _alt==1:
                        self.state = 324
                        self.constraint() 
                    self.state = 329
                    self._errHandler.sync(self)
                    _alt = self._interp.adaptivePredict(self._input,31,self._ctx)

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
            self.module = None # TypeReferenceContext
            self.name = None # TypeReferenceContext
            self.copyFrom(ctx)

        def actualParameterList(self):
            return self.getTypedRuleContext(ASN1Parser.ActualParameterListContext,0)

        def typeReference(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.TypeReferenceContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,i)

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
        self.enterRule(localctx, 38, self.RULE_typeBody)
        self._la = 0 # Token type
        try:
            self.state = 458
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,47,self._ctx)
            if la_ == 1:
                localctx = ASN1Parser.BuiltinTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 337
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [9]:
                    self.state = 332
                    self.match(ASN1Parser.BOOLEAN)
                    pass
                elif token in [53]:
                    self.state = 333
                    self.match(ASN1Parser.NULL)
                    pass
                elif token in [66]:
                    self.state = 334
                    self.match(ASN1Parser.REAL)
                    pass
                elif token in [57]:
                    self.state = 335
                    self.match(ASN1Parser.OCTET)
                    self.state = 336
                    self.match(ASN1Parser.STRING)
                    pass
                else:
                    raise NoViableAltException(self)

                pass

            elif la_ == 2:
                localctx = ASN1Parser.IntegerTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 339
                self.match(ASN1Parser.INTEGER)
                self.state = 351
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==95:
                    self.state = 340
                    self.match(ASN1Parser.LBRACE)
                    self.state = 341
                    self.namedNumber()
                    self.state = 346
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)
                    while _la==91:
                        self.state = 342
                        self.match(ASN1Parser.COMMA)
                        self.state = 343
                        self.namedNumber()
                        self.state = 348
                        self._errHandler.sync(self)
                        _la = self._input.LA(1)

                    self.state = 349
                    self.match(ASN1Parser.RBRACE)


                pass

            elif la_ == 3:
                localctx = ASN1Parser.EnumeratedTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 3)
                self.state = 353
                self.match(ASN1Parser.ENUMERATED)
                self.state = 354
                self.match(ASN1Parser.LBRACE)
                self.state = 355
                self.enumerationItem()
                self.state = 360
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==91:
                    self.state = 356
                    self.match(ASN1Parser.COMMA)
                    self.state = 357
                    self.enumerationItem()
                    self.state = 362
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 363
                self.match(ASN1Parser.RBRACE)
                pass

            elif la_ == 4:
                localctx = ASN1Parser.BitStringTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 4)
                self.state = 365
                self.match(ASN1Parser.BIT)
                self.state = 366
                self.match(ASN1Parser.STRING)
                self.state = 378
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==95:
                    self.state = 367
                    self.match(ASN1Parser.LBRACE)
                    self.state = 368
                    self.namedNumber()
                    self.state = 373
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)
                    while _la==91:
                        self.state = 369
                        self.match(ASN1Parser.COMMA)
                        self.state = 370
                        self.namedNumber()
                        self.state = 375
                        self._errHandler.sync(self)
                        _la = self._input.LA(1)

                    self.state = 376
                    self.match(ASN1Parser.RBRACE)


                pass

            elif la_ == 5:
                localctx = ASN1Parser.CharStringTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 5)
                self.state = 380
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
                self.state = 381
                localctx.kind = self._input.LT(1)
                _la = self._input.LA(1)
                if not(_la==69 or _la==70):
                    localctx.kind = self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                self.state = 382
                self.match(ASN1Parser.LBRACE)
                self.state = 391
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==15 or ((((_la - 92)) & ~0x3f) == 0 and ((1 << (_la - 92)) & 2097281) != 0):
                    self.state = 383
                    self.componentItem()
                    self.state = 388
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)
                    while _la==91:
                        self.state = 384
                        self.match(ASN1Parser.COMMA)
                        self.state = 385
                        self.componentItem()
                        self.state = 390
                        self._errHandler.sync(self)
                        _la = self._input.LA(1)



                self.state = 393
                self.match(ASN1Parser.RBRACE)
                pass

            elif la_ == 7:
                localctx = ASN1Parser.ChoiceTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 7)
                self.state = 394
                self.match(ASN1Parser.CHOICE)
                self.state = 395
                self.match(ASN1Parser.LBRACE)
                self.state = 396
                self.componentItem()
                self.state = 401
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==91:
                    self.state = 397
                    self.match(ASN1Parser.COMMA)
                    self.state = 398
                    self.componentItem()
                    self.state = 403
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 404
                self.match(ASN1Parser.RBRACE)
                pass

            elif la_ == 8:
                localctx = ASN1Parser.TypeRefContext(self, localctx)
                self.enterOuterAlt(localctx, 8)
                self.state = 409
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,42,self._ctx)
                if la_ == 1:
                    self.state = 406
                    localctx.module = self.typeReference()
                    self.state = 407
                    self.match(ASN1Parser.DOT)


                self.state = 411
                localctx.name = self.typeReference()
                pass

            elif la_ == 9:
                localctx = ASN1Parser.ParameterizedTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 9)
                self.state = 415
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,43,self._ctx)
                if la_ == 1:
                    self.state = 412
                    localctx.module = self.typeReference()
                    self.state = 413
                    self.match(ASN1Parser.DOT)


                self.state = 417
                localctx.name = self.typeReference()
                self.state = 418
                self.actualParameterList()
                pass

            elif la_ == 10:
                localctx = ASN1Parser.ObjectClassFieldTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 10)
                self.state = 420
                self.definedObjectClass()
                self.state = 421
                self.match(ASN1Parser.DOT)
                self.state = 422
                self.fieldName()
                pass

            elif la_ == 11:
                localctx = ASN1Parser.ObjectIdentifierTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 11)
                self.state = 429
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [55]:
                    self.state = 424
                    self.match(ASN1Parser.OBJECT)
                    self.state = 425
                    self.match(ASN1Parser.IDENTIFIER_KW)
                    pass
                elif token in [67]:
                    self.state = 426
                    self.match(ASN1Parser.RELATIVE_OID)
                    pass
                elif token in [59]:
                    self.state = 427
                    self.match(ASN1Parser.OID_IRI)
                    pass
                elif token in [68]:
                    self.state = 428
                    self.match(ASN1Parser.RELATIVE_OID_IRI)
                    pass
                else:
                    raise NoViableAltException(self)

                pass

            elif la_ == 12:
                localctx = ASN1Parser.UnrestrictedCharacterStringTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 12)
                self.state = 431
                self.match(ASN1Parser.CHARACTER)
                self.state = 432
                self.match(ASN1Parser.STRING)
                pass

            elif la_ == 13:
                localctx = ASN1Parser.EmbeddedPdvTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 13)
                self.state = 433
                self.match(ASN1Parser.EMBEDDED)
                self.state = 434
                self.match(ASN1Parser.PDV)
                pass

            elif la_ == 14:
                localctx = ASN1Parser.ExternalTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 14)
                self.state = 435
                self.match(ASN1Parser.EXTERNAL)
                pass

            elif la_ == 15:
                localctx = ASN1Parser.AnyTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 15)
                self.state = 436
                self.match(ASN1Parser.ANY)
                self.state = 440
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==21:
                    self.state = 437
                    self.match(ASN1Parser.DEFINED)
                    self.state = 438
                    self.match(ASN1Parser.BY)
                    self.state = 439
                    self.match(ASN1Parser.IDENTIFIER)


                pass

            elif la_ == 16:
                localctx = ASN1Parser.InstanceOfTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 16)
                self.state = 442
                self.match(ASN1Parser.INSTANCE)
                self.state = 443
                self.match(ASN1Parser.OF)
                self.state = 444
                self.definedObjectClass()
                pass

            elif la_ == 17:
                localctx = ASN1Parser.TimeTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 17)
                self.state = 445
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
                self.state = 446
                self.match(ASN1Parser.ObjectDescriptor)
                pass

            elif la_ == 19:
                localctx = ASN1Parser.ObjectClassDefinitionContext(self, localctx)
                self.enterOuterAlt(localctx, 19)
                self.state = 447
                self.match(ASN1Parser.CLASS)
                self.state = 448
                self.bracedTokens()
                self.state = 452
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==89:
                    self.state = 449
                    self.match(ASN1Parser.WITH)
                    self.state = 450
                    self.match(ASN1Parser.SYNTAX)
                    self.state = 451
                    self.bracedTokens()


                pass

            elif la_ == 20:
                localctx = ASN1Parser.ObjectClassDefinitionContext(self, localctx)
                self.enterOuterAlt(localctx, 20)
                self.state = 454
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
                self.state = 455
                self.match(ASN1Parser.IDENTIFIER)
                self.state = 456
                self.match(ASN1Parser.LESS)
                self.state = 457
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
        self.enterRule(localctx, 40, self.RULE_tag)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 460
            self.match(ASN1Parser.LBRACKET)
            self.state = 462
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==4 or _la==65 or _la==83:
                self.state = 461
                localctx.tagClass = self._input.LT(1)
                _la = self._input.LA(1)
                if not(_la==4 or _la==65 or _la==83):
                    localctx.tagClass = self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()


            self.state = 464
            self.tagNumber()
            self.state = 465
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
        self.enterRule(localctx, 42, self.RULE_tagNumber)
        try:
            self.state = 469
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [114]:
                self.enterOuterAlt(localctx, 1)
                self.state = 467
                self.match(ASN1Parser.NUMBER)
                pass
            elif token in [111, 112, 113]:
                self.enterOuterAlt(localctx, 2)
                self.state = 468
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
        self.enterRule(localctx, 44, self.RULE_namedNumber)
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 471
            localctx.name = self.match(ASN1Parser.IDENTIFIER)
            self.state = 472
            self.match(ASN1Parser.LPAREN)
            self.state = 475
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [103, 114]:
                self.state = 473
                self.signedNumber()
                pass
            elif token in [111, 112, 113]:
                self.state = 474
                self.definedValue()
                pass
            else:
                raise NoViableAltException(self)

            self.state = 477
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
        self.enterRule(localctx, 46, self.RULE_enumerationItem)
        self._la = 0 # Token type
        try:
            self.state = 493
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [113]:
                localctx = ASN1Parser.EnumItemContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 479
                localctx.name = self.match(ASN1Parser.IDENTIFIER)
                self.state = 487
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==97:
                    self.state = 480
                    self.match(ASN1Parser.LPAREN)
                    self.state = 483
                    self._errHandler.sync(self)
                    token = self._input.LA(1)
                    if token in [103, 114]:
                        self.state = 481
                        self.signedNumber()
                        pass
                    elif token in [111, 112, 113]:
                        self.state = 482
                        self.definedValue()
                        pass
                    else:
                        raise NoViableAltException(self)

                    self.state = 485
                    self.match(ASN1Parser.RPAREN)


                pass
            elif token in [92]:
                localctx = ASN1Parser.EnumExtensionMarkerContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 489
                self.match(ASN1Parser.ELLIPSIS)
                self.state = 491
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==109:
                    self.state = 490
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
        self.enterRule(localctx, 48, self.RULE_componentItem)
        self._la = 0 # Token type
        try:
            self.state = 526
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [113]:
                localctx = ASN1Parser.ComponentContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 495
                localctx.name = self.match(ASN1Parser.IDENTIFIER)
                self.state = 496
                self.type_()
                self.state = 500
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [60]:
                    self.state = 497
                    self.match(ASN1Parser.OPTIONAL)
                    pass
                elif token in [20]:
                    self.state = 498
                    self.match(ASN1Parser.DEFAULT)
                    self.state = 499
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
                self.state = 502
                self.match(ASN1Parser.ELLIPSIS)
                self.state = 504
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==109:
                    self.state = 503
                    self.exceptionSpec()


                pass
            elif token in [99]:
                localctx = ASN1Parser.ExtensionAdditionGroupContext(self, localctx)
                self.enterOuterAlt(localctx, 3)
                self.state = 506
                self.match(ASN1Parser.LBRACKET)
                self.state = 507
                self.match(ASN1Parser.LBRACKET)
                self.state = 510
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==114:
                    self.state = 508
                    self.match(ASN1Parser.NUMBER)
                    self.state = 509
                    self.match(ASN1Parser.COLON)


                self.state = 512
                self.componentItem()
                self.state = 517
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==91:
                    self.state = 513
                    self.match(ASN1Parser.COMMA)
                    self.state = 514
                    self.componentItem()
                    self.state = 519
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 520
                self.match(ASN1Parser.RBRACKET)
                self.state = 521
                self.match(ASN1Parser.RBRACKET)
                pass
            elif token in [15]:
                localctx = ASN1Parser.ComponentsOfContext(self, localctx)
                self.enterOuterAlt(localctx, 4)
                self.state = 523
                self.match(ASN1Parser.COMPONENTS)
                self.state = 524
                self.match(ASN1Parser.OF)
                self.state = 525
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
        self.enterRule(localctx, 50, self.RULE_definedObjectClass)
        try:
            self.state = 536
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [111, 112]:
                self.enterOuterAlt(localctx, 1)
                self.state = 531
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,60,self._ctx)
                if la_ == 1:
                    self.state = 528
                    self.typeReference()
                    self.state = 529
                    self.match(ASN1Parser.DOT)


                self.state = 533
                self.typeReference()
                pass
            elif token in [81]:
                self.enterOuterAlt(localctx, 2)
                self.state = 534
                self.match(ASN1Parser.TYPE_IDENTIFIER)
                pass
            elif token in [1]:
                self.enterOuterAlt(localctx, 3)
                self.state = 535
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
        self.enterRule(localctx, 52, self.RULE_fieldName)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 538
            self.match(ASN1Parser.AMPERSAND)
            self.state = 541
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [111, 112]:
                self.state = 539
                self.typeReference()
                pass
            elif token in [113]:
                self.state = 540
                self.match(ASN1Parser.IDENTIFIER)
                pass
            else:
                raise NoViableAltException(self)

            self.state = 551
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==94:
                self.state = 543
                self.match(ASN1Parser.DOT)
                self.state = 544
                self.match(ASN1Parser.AMPERSAND)
                self.state = 547
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [111, 112]:
                    self.state = 545
                    self.typeReference()
                    pass
                elif token in [113]:
                    self.state = 546
                    self.match(ASN1Parser.IDENTIFIER)
                    pass
                else:
                    raise NoViableAltException(self)

                self.state = 553
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
        self.enterRule(localctx, 54, self.RULE_typeReference)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 554
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
        self.enterRule(localctx, 56, self.RULE_constraint)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 556
            self.match(ASN1Parser.LPAREN)
            self.state = 557
            self.constraintSpec()
            self.state = 559
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==109:
                self.state = 558
                self.exceptionSpec()


            self.state = 561
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
        self.enterRule(localctx, 58, self.RULE_constraintSpec)
        self._la = 0 # Token type
        try:
            self.state = 582
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,68,self._ctx)
            if la_ == 1:
                localctx = ASN1Parser.SubtypeConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 563
                self.elementSetSpecs()
                pass

            elif la_ == 2:
                localctx = ASN1Parser.UserDefinedConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 564
                self.match(ASN1Parser.CONSTRAINED)
                self.state = 565
                self.match(ASN1Parser.BY)
                self.state = 566
                self.bracedTokens()
                pass

            elif la_ == 3:
                localctx = ASN1Parser.ContentsConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 3)
                self.state = 577
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [17]:
                    self.state = 567
                    self.match(ASN1Parser.CONTAINING)
                    self.state = 568
                    self.type_()
                    self.state = 572
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)
                    if _la==25:
                        self.state = 569
                        self.match(ASN1Parser.ENCODED)
                        self.state = 570
                        self.match(ASN1Parser.BY)
                        self.state = 571
                        self.value()


                    pass
                elif token in [25]:
                    self.state = 574
                    self.match(ASN1Parser.ENCODED)
                    self.state = 575
                    self.match(ASN1Parser.BY)
                    self.state = 576
                    self.value()
                    pass
                else:
                    raise NoViableAltException(self)

                pass

            elif la_ == 4:
                localctx = ASN1Parser.TableConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 4)
                self.state = 579
                self.bracedTokens()
                self.state = 580
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
        self.enterRule(localctx, 60, self.RULE_elementSetSpecs)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 584
            localctx.root = self.elementSetSpec()
            self.state = 594
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==91:
                self.state = 585
                self.match(ASN1Parser.COMMA)
                self.state = 586
                localctx.extensionMark = self.match(ASN1Parser.ELLIPSIS)
                self.state = 588
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,69,self._ctx)
                if la_ == 1:
                    self.state = 587
                    self.exceptionSpec()


                self.state = 592
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==91:
                    self.state = 590
                    self.match(ASN1Parser.COMMA)
                    self.state = 591
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
        self.enterRule(localctx, 62, self.RULE_elementSetSpec)
        self._la = 0 # Token type
        try:
            self.state = 607
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [1, 3, 7, 8, 9, 11, 12, 13, 17, 18, 19, 23, 24, 27, 32, 33, 34, 35, 36, 37, 38, 43, 44, 45, 47, 49, 50, 51, 52, 53, 54, 55, 56, 57, 59, 61, 63, 64, 66, 67, 68, 69, 70, 71, 72, 75, 77, 78, 79, 80, 81, 84, 85, 86, 87, 88, 89, 95, 97, 99, 103, 111, 112, 113, 114, 115, 116, 117, 118, 119]:
                self.enterOuterAlt(localctx, 1)
                self.state = 596
                self.intersections()
                self.state = 601
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==82 or _la==104:
                    self.state = 597
                    _la = self._input.LA(1)
                    if not(_la==82 or _la==104):
                        self._errHandler.recoverInline(self)
                    else:
                        self._errHandler.reportMatch(self)
                        self.consume()
                    self.state = 598
                    self.intersections()
                    self.state = 603
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                pass
            elif token in [2]:
                self.enterOuterAlt(localctx, 2)
                self.state = 604
                self.match(ASN1Parser.ALL)
                self.state = 605
                self.match(ASN1Parser.EXCEPT)
                self.state = 606
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
        self.enterRule(localctx, 64, self.RULE_intersections)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 609
            self.intersectionElements()
            self.state = 614
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==46 or _la==105:
                self.state = 610
                _la = self._input.LA(1)
                if not(_la==46 or _la==105):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                self.state = 611
                self.intersectionElements()
                self.state = 616
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
        self.enterRule(localctx, 66, self.RULE_intersectionElements)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 617
            self.elements()
            self.state = 620
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==28:
                self.state = 618
                self.match(ASN1Parser.EXCEPT)
                self.state = 619
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
        self.enterRule(localctx, 68, self.RULE_elements)
        self._la = 0 # Token type
        try:
            self.state = 655
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,79,self._ctx)
            if la_ == 1:
                localctx = ASN1Parser.SingleValueContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 622
                self.value()
                pass

            elif la_ == 2:
                localctx = ASN1Parser.ValueRangeContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 623
                localctx.lower = self.rangeEndpoint()
                self.state = 625
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==106:
                    self.state = 624
                    localctx.lowerOpen = self.match(ASN1Parser.LESS)


                self.state = 627
                self.match(ASN1Parser.RANGE)
                self.state = 629
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==106:
                    self.state = 628
                    localctx.upperOpen = self.match(ASN1Parser.LESS)


                self.state = 631
                localctx.upper = self.rangeEndpoint()
                pass

            elif la_ == 3:
                localctx = ASN1Parser.SizeConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 3)
                self.state = 633
                self.match(ASN1Parser.SIZE)
                self.state = 634
                self.constraint()
                pass

            elif la_ == 4:
                localctx = ASN1Parser.PermittedAlphabetContext(self, localctx)
                self.enterOuterAlt(localctx, 4)
                self.state = 635
                self.match(ASN1Parser.FROM)
                self.state = 636
                self.constraint()
                pass

            elif la_ == 5:
                localctx = ASN1Parser.ParenthesizedElementSetContext(self, localctx)
                self.enterOuterAlt(localctx, 5)
                self.state = 637
                self.match(ASN1Parser.LPAREN)
                self.state = 638
                self.elementSetSpec()
                self.state = 639
                self.match(ASN1Parser.RPAREN)
                pass

            elif la_ == 6:
                localctx = ASN1Parser.ContainedSubtypeContext(self, localctx)
                self.enterOuterAlt(localctx, 6)
                self.state = 642
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==43:
                    self.state = 641
                    self.match(ASN1Parser.INCLUDES)


                self.state = 644
                self.type_()
                pass

            elif la_ == 7:
                localctx = ASN1Parser.InnerTypeConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 7)
                self.state = 645
                self.match(ASN1Parser.WITH)
                self.state = 646
                self.match(ASN1Parser.COMPONENT)
                self.state = 647
                self.constraint()
                pass

            elif la_ == 8:
                localctx = ASN1Parser.InnerTypeConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 8)
                self.state = 648
                self.match(ASN1Parser.WITH)
                self.state = 649
                self.match(ASN1Parser.COMPONENTS)
                self.state = 650
                self.bracedTokens()
                pass

            elif la_ == 9:
                localctx = ASN1Parser.PatternConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 9)
                self.state = 651
                self.match(ASN1Parser.PATTERN)
                self.state = 652
                self.value()
                pass

            elif la_ == 10:
                localctx = ASN1Parser.PropertySettingsContext(self, localctx)
                self.enterOuterAlt(localctx, 10)
                self.state = 653
                self.match(ASN1Parser.SETTINGS)
                self.state = 654
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
        self.enterRule(localctx, 70, self.RULE_rangeEndpoint)
        try:
            self.state = 660
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [17, 33, 51, 52, 53, 63, 80, 95, 103, 111, 112, 113, 114, 115, 116, 117, 118, 119]:
                self.enterOuterAlt(localctx, 1)
                self.state = 657
                self.value()
                pass
            elif token in [50]:
                self.enterOuterAlt(localctx, 2)
                self.state = 658
                self.match(ASN1Parser.MIN)
                pass
            elif token in [49]:
                self.enterOuterAlt(localctx, 3)
                self.state = 659
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
        self.enterRule(localctx, 72, self.RULE_exceptionSpec)
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 662
            self.match(ASN1Parser.EXCLAMATION)
            self.state = 666
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,81,self._ctx)
            if la_ == 1:
                self.state = 663
                self.type_()
                self.state = 664
                self.match(ASN1Parser.COLON)


            self.state = 668
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
        self.enterRule(localctx, 74, self.RULE_value)
        self._la = 0 # Token type
        try:
            self.state = 691
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,83,self._ctx)
            if la_ == 1:
                localctx = ASN1Parser.IntValueContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 670
                self.signedNumber()
                pass

            elif la_ == 2:
                localctx = ASN1Parser.RealValueContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 672
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==103:
                    self.state = 671
                    self.match(ASN1Parser.MINUS)


                self.state = 674
                self.match(ASN1Parser.REAL_NUMBER)
                pass

            elif la_ == 3:
                localctx = ASN1Parser.SpecialRealValueContext(self, localctx)
                self.enterOuterAlt(localctx, 3)
                self.state = 675
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
                self.state = 676
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
                self.state = 677
                self.match(ASN1Parser.NULL)
                pass

            elif la_ == 6:
                localctx = ASN1Parser.StringValueContext(self, localctx)
                self.enterOuterAlt(localctx, 6)
                self.state = 678
                self.match(ASN1Parser.CSTRING)
                pass

            elif la_ == 7:
                localctx = ASN1Parser.BitsValueContext(self, localctx)
                self.enterOuterAlt(localctx, 7)
                self.state = 679
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
                self.state = 680
                self.definedValue()
                pass

            elif la_ == 9:
                localctx = ASN1Parser.BracedValueContext(self, localctx)
                self.enterOuterAlt(localctx, 9)
                self.state = 681
                self.bracedTokens()
                pass

            elif la_ == 10:
                localctx = ASN1Parser.ChoiceValueContext(self, localctx)
                self.enterOuterAlt(localctx, 10)
                self.state = 682
                self.match(ASN1Parser.IDENTIFIER)
                self.state = 683
                self.match(ASN1Parser.COLON)
                self.state = 684
                self.value()
                pass

            elif la_ == 11:
                localctx = ASN1Parser.OpenTypeValueContext(self, localctx)
                self.enterOuterAlt(localctx, 11)
                self.state = 685
                self.typeReference()
                self.state = 686
                self.match(ASN1Parser.COLON)
                self.state = 687
                self.value()
                pass

            elif la_ == 12:
                localctx = ASN1Parser.ContainingValueContext(self, localctx)
                self.enterOuterAlt(localctx, 12)
                self.state = 689
                self.match(ASN1Parser.CONTAINING)
                self.state = 690
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
        self.enterRule(localctx, 76, self.RULE_signedNumber)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 694
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==103:
                self.state = 693
                self.match(ASN1Parser.MINUS)


            self.state = 696
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
        self.enterRule(localctx, 78, self.RULE_definedValue)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 701
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==111 or _la==112:
                self.state = 698
                localctx.module = self.typeReference()
                self.state = 699
                self.match(ASN1Parser.DOT)


            self.state = 703
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
        self.enterRule(localctx, 80, self.RULE_bracedTokens)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 705
            self.match(ASN1Parser.LBRACE)
            self.state = 710
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while (((_la) & ~0x3f) == 0 and ((1 << _la) & -2) != 0) or ((((_la - 64)) & ~0x3f) == 0 and ((1 << (_la - 64)) & 576460748008456191) != 0):
                self.state = 708
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [95]:
                    self.state = 706
                    self.bracedTokens()
                    pass
                elif token in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122]:
                    self.state = 707
                    _la = self._input.LA(1)
                    if _la <= 0 or _la==95 or _la==96:
                        self._errHandler.recoverInline(self)
                    else:
                        self._errHandler.reportMatch(self)
                        self.consume()
                    pass
                else:
                    raise NoViableAltException(self)

                self.state = 712
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 713
            self.match(ASN1Parser.RBRACE)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx





