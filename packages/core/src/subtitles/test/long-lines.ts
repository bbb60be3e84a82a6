/** Three lines of the librivox reading in pocketsphinx's test data (Sense and Sensibility), said in one breath. */
export const LIBRIVOX =
  'and mister john dashwood had then leisure to consider how much there might be prudently in his power to do for them, ' +
  'he was not an ill disposed young man, unless to be rather cold hearted and rather selfish is to be ill disposed';
/** A French dub line of 228 characters, as long as the one that ran 10 s on one line before. */
export const FRENCH =
  "Et monsieur John Dashwood eut alors le loisir de réfléchir à ce qu'il pourrait prudemment faire pour elles ; " +
  "ce n'était pas un jeune homme mal intentionné, à moins d'être plutôt froid et égoïste, ce qui est être mal intentionné.";
/** The same in Chinese. */
export const CHINESE =
  '约翰·达什伍德先生这才有空考虑，他可以谨慎地为她们做多少事情；他并不是一个心怀恶意的年轻人，除非冷漠和自私也算是心怀恶意。';
